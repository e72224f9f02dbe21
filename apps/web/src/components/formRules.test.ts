import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesIt } from '@tulip/contract';
import { flattenMessages } from '../platform/i18n';
import { isInvalidTime, labelGender, recordTitle, requiredMessage, requiredRule, TIME_TEXT, timeRule } from './formRules';

async function tOf(lng: 'it' | 'en') {
  const i = i18next.createInstance();
  await i.init({
    lng, fallbackLng: 'it', keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false },
    resources: { it: { translation: flattenMessages(messagesIt) }, en: { translation: flattenMessages(messagesEn) } },
  });
  return i.t;
}

describe('required fields agree with the gender of their label (issue #12)', () => {
  it('Italian: "Ora è richiesta", "Causale è richiesta", "Codice è richiesto"', async () => {
    const t = await tOf('it');
    expect(requiredMessage(t, 'timbrature.ora')).toBe('Ora è richiesta');
    expect(requiredMessage(t, 'giustificativi.causale')).toBe('Causale è richiesta');
    expect(requiredMessage(t, 'visite.azienda')).toBe('Azienda è richiesta');
    expect(requiredMessage(t, 'visite.email')).toBe('E-mail è richiesta');
    expect(requiredMessage(t, 'turni.descrizione')).toBe('Descrizione è richiesta');
    expect(requiredMessage(t, 'turni.codice')).toBe('Codice è richiesto');
    expect(requiredMessage(t, 'visite.referente')).toBe('Referente è richiesto');
    expect(requiredRule(t, 'timbrature.motivo', { whitespace: true })).toEqual({ required: true, whitespace: true, message: 'Motivo è richiesto' });
  });
  it('English has one form', async () => {
    const t = await tOf('en');
    expect(requiredMessage(t, 'timbrature.ora')).toBe(`${t('timbrature.ora')} is required`);
    expect(requiredMessage(t, 'turni.codice')).toBe(`${t('turni.codice')} is required`);
  });
  it('every gender entry of the table is f or m, beside a label that exists', () => {
    const flat = flattenMessages(messagesIt);
    const entries = Object.entries(flat).filter(([k]) => k.endsWith('_genere'));
    expect(entries.length).toBeGreaterThan(15);
    for (const [k, v] of entries) {
      expect(['f', 'm'], k).toContain(v);
      expect(flat[k.slice(0, -'_genere'.length)], k).toBeTruthy();
    }
  });
  it('labelGender defaults to masculine', async () => {
    expect(labelGender(await tOf('it'), 'nessun.campo')).toBe('m');
  });
});

describe('a time typed wrong is invalid, not missing (issue #12)', () => {
  it('knows what a person may type for a time', () => {
    for (const ok of ['8:30', '08:30', '0830', '8.30', '23:59', '00:00']) expect(TIME_TEXT.test(ok), ok).toBe(true);
    for (const bad of ['25:99', '24:00', '12:60', 'ab:cd', '1:2']) expect(TIME_TEXT.test(bad), bad).toBe(false);
  });
  it('the rule refuses the kept text with the time format message, and lets the rest through', async () => {
    const t = await tOf('it');
    const rule = timeRule(t) as { validator: (r: unknown, v: unknown) => Promise<void> };
    expect(isInvalidTime({ invalidTime: '25:99' })).toBe(true);
    await expect(rule.validator({}, { invalidTime: '25:99' })).rejects.toThrow('Orario non valido (HH:mm)');
    await expect(rule.validator({}, null)).resolves.toBeUndefined();
  });
});

describe('a form names its record (issue #12)', () => {
  it('"Nuovo dipendente", "Nuova causale", "Modifica causale"; unnamed, "Nuovo elemento"', async () => {
    const t = await tOf('it');
    expect(recordTitle(t, 'entita.dipendente', false)).toBe('Nuovo dipendente');
    expect(recordTitle(t, 'entita.causale', false)).toBe('Nuova causale');
    expect(recordTitle(t, 'entita.causale', true)).toBe('Modifica causale');
    expect(recordTitle(t, undefined, false)).toBe('Nuovo elemento');
    expect(recordTitle(await tOf('en'), 'entita.causale', false)).toBe('New leave type');
  });
});
