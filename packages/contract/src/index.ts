export * from './formats';
export * from './codiceFiscale';
export * from './routes';
export * from './api';
export * from './schemas';
export { it as messagesIt } from './i18n/it';
export { en as messagesEn } from './i18n/en';
export type Messages = Record<string, Record<string, string>>;
