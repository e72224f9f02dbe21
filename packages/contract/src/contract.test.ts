import { describe, expect, it } from 'vitest';
import { buildMenu, codiceFiscaleCheckChar, isValidPartitaIva, partitaIvaCheckDigit, isRealDate, zDate, zDateTime, isValidCodiceFiscale, routeNameOf, ROUTES, seesLeaveType, ZDipendente, zText } from './index';

describe('codice fiscale', () => {
  it('accepts real codes and computes the check character', () => {
    expect(isValidCodiceFiscale('RSSMRA80A01H501U')).toBe(true);
    expect(isValidCodiceFiscale('rssmra80a01h501u')).toBe(true);
    expect(codiceFiscaleCheckChar('RSSMRA80A01H501')).toBe('U');
  });
  it('refuses wrong check characters and shapes', () => {
    for (const bad of ['RSSMRA80A01H501A', 'RSSMRA80A01H50', '', 'RSSMRA80Z01H501U', '1234567890123456']) expect(isValidCodiceFiscale(bad)).toBe(false);
  });
});

describe('dates', () => {
  it('knows real calendar days', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2025-02-29')).toBe(false);
    expect(isRealDate('2025-13-01')).toBe(false);
    expect(isRealDate('01/02/2025')).toBe(false);
  });
  it('takes plausible dates only: a real day outside 1900-2099 says so, a wrong day says it is wrong (issue #12)', () => {
    const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? 'ok' : r.error!.issues[0].message);
    expect(first(zDate.safeParse('1900-01-01'))).toBe('ok');
    expect(first(zDate.safeParse('2099-12-31'))).toBe('ok');
    expect(first(zDate.safeParse('1800-01-01'))).toBe('avvisi.data_fuori_intervallo');
    expect(first(zDate.safeParse('2100-01-01'))).toBe('avvisi.data_fuori_intervallo');
    expect(zDate.safeParse('1800-02-30').error!.issues.map((i) => i.message)).toEqual(['avvisi.data_non_valida']);
    expect(first(zDateTime.safeParse('1899-12-31T08:00:00'))).toBe('avvisi.data_fuori_intervallo');
    expect(first(zDateTime.safeParse('2026-11-24T25:99:00'))).toBe('avvisi.data_ora_non_valida');
  });
});

describe('routes and menu', () => {
  it('names routes as DESIGN §4 says', () => {
    expect(routeNameOf('/turni/definizione/5')).toBe('turni.definizione');
    expect(routeNameOf('/turni/definizione')).toBe('turni.definizione');
    expect(routeNameOf('/rilevazione/rileva-tempo-fase')).toBe('rilevazione.rilevaTempoFase');
    expect(routeNameOf('/assenti/all')).toBe('assenti.all');
    expect(routeNameOf('/lingue/')).toBe('lingue');
    expect(routeNameOf('/nonesiste')).toBeUndefined();
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });
  it('keeps only granted, ready screens and drops empty groups', () => {
    // a name no screen has is dropped like one not granted
    const menu = buildMenu(['lingue', 'nonesiste', 'anagrafica.dipendenti']);
    expect(menu.map((g) => g.key)).toEqual(['group.anagrafica', 'group.amministrazione']);
    expect(menu[1].children?.map((c) => c.path)).toEqual(['/lingue']);
    expect(buildMenu([])).toEqual([]);
  });
});

describe('schemas', () => {
  it('refuses markup and control characters in text', () => {
    expect(zText().safeParse('Officine <script>alert(1)</script>').success).toBe(false);
    expect(zText().safeParse('a\u0000b').success).toBe(false);
    expect(zText().safeParse("D'Angelo & figli <3").success).toBe(true);
  });
  it('validates an employee', () => {
    const ok = ZDipendente.safeParse({ matricola: '1', cognome: 'Rossi', nome: 'Mario', codice_fiscale: 'rssmra80a01h501u', data_assunzione: '2020-01-01' });
    expect(ok.success && ok.data.codice_fiscale).toBe('RSSMRA80A01H501U');
    expect(ZDipendente.safeParse({ matricola: '1', cognome: 'Rossi', nome: 'Mario', codice_fiscale: 'RSSMRA80A01H501U', data_assunzione: '2020-01-01', extra: 1 }).success).toBe(false);
  });
});

describe('seesLeaveType: the leave type of an absence is health data (GDPR art. 9)', () => {
  it.each([
    ['HR', { scope: 'tutti', routes: ['giustificativi.calendario', 'presentiassenti'] }, true],
    ['a manager', { scope: 'reparto', routes: ['giustificativi.calendario', 'presentireparto'] }, true],
    ['who consults absences only', { scope: 'tutti', routes: ['assenti.cdc'] }, true],
    ['reception (everyone in scope, no leave route)', { scope: 'tutti', routes: ['visite.registro', 'presentiassenti'] }, false],
    ['an employee (own data only, though it files leave)', { scope: 'proprio', routes: ['giustificativi.calendario'] }, false],
    ['no active profile', null, false],
  ])('%s', (_who, profile, expected) => {
    expect(seesLeaveType(profile)).toBe(expected);
  });
});

describe('partita IVA (DPR 633/1972 art. 35, check digit of DM 23/12/1976)', () => {
  it.each([
    ['02518370370', true], // the demo company
    ['01234567897', true],
    ['12345678903', true],
    ['02518370371', false], // wrong check digit
    ['00000000000', false],
    ['2518370370', false], // 10 digits
    ['0251837037A', false],
    ['IT02518370370', false], // the country prefix is not part of it
  ])('%s -> %s', (v, ok) => expect(isValidPartitaIva(v)).toBe(ok));

  it('the check digit completes any ten digits', () => {
    for (const first10 of ['0000000001', '9999999999', '1357924680']) expect(isValidPartitaIva(`${first10}${partitaIvaCheckDigit(first10)}`)).toBe(true);
  });
});
