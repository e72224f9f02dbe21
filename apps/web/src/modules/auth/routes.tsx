import type { RouteRecord } from '../../routing';
import { lazyPage } from '../../routing';

export const LoginPage = lazyPage(() => import('./LoginPage'), 'LoginPage');
const PasswordResetPage = lazyPage(() => import('./PasswordResetPage'), 'PasswordResetPage');
const EmailConfermaPage = lazyPage(() => import('./EmailConfermaPage'), 'EmailConfermaPage');
const SettingsPage = lazyPage(() => import('./SettingsPage'), 'SettingsPage');
const MfaPage = lazyPage(() => import('./MfaPage'), 'MfaPage');

export const authRoutes: RouteRecord[] = [
  { path: '/password/reset', title: 'login.reset_titolo', element: <PasswordResetPage />, layout: 'blank' },
  { path: '/email/conferma', title: 'login.email_titolo', element: <EmailConfermaPage />, layout: 'blank' },
  { path: '/impostazioni', title: 'impostazioni.titolo', element: <SettingsPage />, layout: 'blank', desktopOnly: true },
  // the user's second factor (issue #32 §2): every logged-in user, from the user menu
  { path: '/sicurezza', title: 'mfa.titolo', element: <MfaPage />, layout: 'main' },
];
