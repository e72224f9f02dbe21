import type { ModuleMessages } from './index';

export const consultazione: ModuleMessages = {
  it: {},
  en: {},
};
