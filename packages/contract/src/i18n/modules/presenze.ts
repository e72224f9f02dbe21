import type { ModuleMessages } from './index';

export const presenze: ModuleMessages = {
  it: {},
  en: {},
};
