import { MODULES, mergeMessages } from './modules';
import { base } from './it-base';

/** Module texts live beside the base ones, one file per module (i18n/modules/*.ts). */
export const it: Record<string, Record<string, string>> = mergeMessages(base, ...MODULES.map((m) => m.it));
