import type { ModuleMessages } from './index';

/** Texts of the expense notes' master-data screens (issue #16): payment and expense types, vehicles, currencies and rates, in the `spese_anagrafiche` group. */
export const speseAnagrafiche: ModuleMessages = {
  it: { spese_anagrafiche: {} },
  en: { spese_anagrafiche: {} },
};
