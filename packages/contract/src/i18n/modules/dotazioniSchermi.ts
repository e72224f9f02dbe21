import type { ModuleMessages } from './index';

/** Texts of the equipment and PPE screens (issue #17, apps/web/src/modules/dotazioni), in the `dotazioni` group. */
export const dotazioniSchermi: ModuleMessages = {
  it: {
    dotazioni: {},
  },
  en: {
    dotazioni: {},
  },
};
