/**
 * Form rules whose messages read like Italian (issue #12):
 *  - `requiredRule`: "{0} è richiesto" or its feminine twin "{0} è richiesta", agreeing with the label. A label key
 *    `gruppo.campo` is feminine when the translation table has `gruppo.campo_genere` = `f`; English needs no entry.
 *  - `timeRule`: refuses what a `TimeField` (./TimeField.tsx) keeps when the text typed is not a time ("25:99").
 */
import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { replaceIndexed } from '../platform/i18n';

/** The gender of a field label in the current language: 'f' when its `_genere` entry says so, else 'm'. */
export function labelGender(t: TFunction, labelKey: string): 'f' | 'm' {
  return t(`${labelKey}_genere`, { defaultValue: 'm' }) === 'f' ? 'f' : 'm';
}

/** The text of a required field left empty, agreeing with its label: "Ora è richiesta", "Codice è richiesto". */
export function requiredMessage(t: TFunction, labelKey: string): string {
  return replaceIndexed(t(labelGender(t, labelKey) === 'f' ? 'validazione.required_f' : 'validazione.required'), { 0: t(labelKey) });
}

/** antd's required rule with that message; `extra` adds to it (`{ whitespace: true }`, `{ type: 'array' }`). */
export function requiredRule(t: TFunction, labelKey: string, extra: Rule = {}): Rule {
  return { required: true, message: requiredMessage(t, labelKey), ...(extra as object) };
}

/** What a time field holds when the text typed in it is not a time. */
export type InvalidTime = { invalidTime: string };
export const isInvalidTime = (v: unknown): v is InvalidTime => typeof v === 'object' && v !== null && 'invalidTime' in v;
/** What a person may type for a time: 8:30, 08:30, 0830, 8.30. */
export const TIME_TEXT = /^\s*([01]?\d|2[0-3])[:.]?[0-5]\d\s*$/;

/** Refuses a time field holding a wrong time, with the time format's message. */
export function timeRule(t: TFunction): Rule {
  return { validator: (_rule, v: unknown) => (isInvalidTime(v) ? Promise.reject(new Error(t('avvisi.orario_non_valido'))) : Promise.resolve()) };
}

/** A form's title naming its record: "Nuovo dipendente", "Nuova causale", "Modifica dipendente"; "Nuovo elemento" unnamed. */
export function recordTitle(t: TFunction, entityKey: string | undefined, editing: boolean): string {
  if (!entityKey) return t(editing ? 'ui.modifica_elemento' : 'ui.nuovo_elemento');
  if (editing) return t('ui.modifica_entita', { entita: t(entityKey) });
  return t('ui.nuovo_entita', { entita: t(entityKey), context: labelGender(t, entityKey) === 'f' ? 'f' : undefined });
}
