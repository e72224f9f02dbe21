import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { MenuItem } from '@tulip/contract';
import { ensureLanguage, flattenMessages, i18n, replaceIndexed, sameTexts } from './i18n';
import { decodeJwtPayload, isExpired, tokenExpiry } from './jwt';
import { filterMenu } from './session';

const b64url = (o: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

describe('jwt', () => {
  it('reads the exp claim without a library', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const t = jwt({ sub: 'è', exp });
    expect(decodeJwtPayload(t)).toEqual({ sub: 'è', exp });
    expect(tokenExpiry(t)).toBe(exp * 1000);
    expect(isExpired(t)).toBe(false);
    expect(isExpired(t, exp * 1000)).toBe(true);
  });
  it('copes with garbage', () => {
    expect(decodeJwtPayload('nope')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
    expect(isExpired('nope')).toBe(false);
  });
});

describe('messages', () => {
  it('flattens { group: { tag } } into "group.tag" keys; the empty group gives the bare tag', () => {
    expect(flattenMessages({ '': { 'Caricamento in corso': 'x' }, menu: { 'anagrafica.dipendenti': 'Dipendenti' } })).toEqual({
      'Caricamento in corso': 'x',
      'menu.anagrafica.dipendenti': 'Dipendenti',
    });
  });
  it('tells the server\'s texts from the kept ones key by key, and counts the keys either side', () => {
    expect(sameTexts({ 'a.b': 'x', 'a.c': 'y' }, { 'a.c': 'y', 'a.b': 'x' })).toBe(true);
    expect(sameTexts({ 'a.b': 'x' }, { 'a.b': 'X' })).toBe(false);
    expect(sameTexts({ 'a.b': 'x', 'a.c': 'y' }, { 'a.b': 'x' })).toBe(false);
    expect(sameTexts({}, { 'a.b': 'x' })).toBe(false);
  });
  it('puts a language\'s bundled texts into i18next before a switch, when nothing is kept (no IndexedDB here)', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(await ensureLanguage('en')).toBe(false);
    expect(i18n.getResource('en', 'translation', 'login.titolo')).toBe('Sign in');
    // Italian's bundled texts are there from the start, without waiting
    expect(i18n.getResource('it', 'translation', 'login.titolo')).toBe('Accesso');
  });
  it('fills {0}-style placeholders', () => {
    expect(replaceIndexed('{0} è richiesto', { 0: 'Nome' })).toBe('Nome è richiesto');
    expect(replaceIndexed('{0} tra {1} e {2}', { 0: 'A', 1: 1 })).toBe('A tra 1 e {2}');
  });
});

describe('menu', () => {
  const menu: MenuItem[] = [
    { key: 'g1', title: 'menu.gruppo.x', children: [{ key: 'a', title: 'a', path: '/a' }, { key: 'b', title: 'b', path: '/b', open: true }] },
    { key: 'g2', title: 'menu.gruppo.y', children: [{ key: 'c', title: 'c', path: '/c', open: true }] },
  ];
  it('drops items with the open flag outside a Windows desktop, and empty groups', () => {
    expect(filterMenu(menu, false)).toEqual([{ key: 'g1', title: 'menu.gruppo.x', children: [{ key: 'a', title: 'a', path: '/a' }] }]);
  });
  it('keeps them on a Windows desktop', () => {
    expect(filterMenu(menu, true)).toEqual(menu);
  });
});

describe('month and day names', () => {
  it('start with a capital on every screen, in each language (issue #12)', async () => {
    const { capitalize, dayjs, meseAnno, setDayjsLocale } = await import('./formats');
    setDayjsLocale('it');
    expect(meseAnno(dayjs('2026-11-01'))).toBe('Novembre 2026');
    expect(capitalize(new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 24))))).toBe('Martedì 24 novembre');
    setDayjsLocale('en');
    expect(meseAnno(dayjs('2026-11-01'))).toBe('November 2026');
    setDayjsLocale('it');
    expect(capitalize('')).toBe('');
  });
});

describe('formatDate without dayjs (platform/wireDate.ts)', () => {
  it('writes a wire date or date-time as DD/MM/YYYY, and nothing for what is not a calendar date', async () => {
    const { formatDate } = await import('./wireDate');
    expect(formatDate('2026-11-27')).toBe('27/11/2026');
    expect(formatDate('2024-02-29T08:30:00')).toBe('29/02/2024');
    expect(formatDate('2026-02-29')).toBe('');
    expect(formatDate('27/11/2026')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('wallClockTime (platform/wallClock.ts)', () => {
  it('reads the company wall clock from the server offset, whatever the device zone', async () => {
    const { wallClockOffset, wallClockTime } = await import('./wallClock');
    // the device clock stands still, so the offset and the instant read are taken at the same millisecond
    vi.useFakeTimers({ now: new Date('2026-11-24T04:32:07.500Z'), toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const device = new Date();
    // the server says 05:32:07 on its wall clock right now
    const offset = wallClockOffset('2026-11-24T05:32:07');
    expect(wallClockTime(device, offset)).toBe('05:32');
    expect(wallClockTime(device, offset, true)).toBe('05:32:07');
    expect(wallClockTime(new Date(device.getTime() + 3_600_000 + 60_000), offset)).toBe('06:33');
    // no server answer yet: the device's own clock
    const local = new Date(2026, 10, 24, 23, 9, 4);
    expect(wallClockTime(local, null, true)).toBe('23:09:04');
  });
});

describe('titoloGiornata (platform/wallClock.ts): the punches are titled by their work day', () => {
  it('last night’s shift, seen in the morning, is titled by the day it began; today’s as today’s', async () => {
    const { titoloGiornata } = await import('./wallClock');
    expect(titoloGiornata('2026-11-26', '2026-11-27')).toEqual({ key: 'turno_del', data: '2026-11-26' });
    expect(titoloGiornata('2026-11-27', '2026-11-27')).toEqual({ key: 'oggi' });
    expect(titoloGiornata(undefined, '2026-11-27')).toEqual({ key: 'oggi' });
  });
});
