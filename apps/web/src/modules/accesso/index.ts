/** The company sign-in's screens (issue #32 §1). What the login page takes from here is plain markup: no antd. */
export { SsoLogin } from './SsoLogin';
