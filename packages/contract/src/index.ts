export * from './formats';
export * from './codiceFiscale';
export * from './routes';
export * from './api';
export * from './schemas';
export { it as messagesIt, base as baseMessagesIt } from './i18n/it';
export { en as messagesEn, base as baseMessagesEn } from './i18n/en';
export type Messages = Record<string, Record<string, string>>;
