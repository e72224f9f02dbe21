import { describe, expect, it } from 'vitest';
import { dayjs } from '../platform/formats';
import { filtersToQuery, type FilterDef } from './listFilters';

type Q = { dal?: string; al?: string; search?: string; stato?: string; tipo_id?: number; oggi?: 'si' };
type F = { periodo: [ReturnType<typeof dayjs>, ReturnType<typeof dayjs>] | null; testo: string; stato: string | null; tipo: number | null; oggi: boolean };

const FILTRI: FilterDef<Q, F>[] = [
  { type: 'dateRange', name: 'periodo', label: 'visite.periodo', params: ['dal', 'al'], clearable: true, disabled: (v) => v.oggi },
  { type: 'search', name: 'testo', param: 'search', label: 'ui.cerca' },
  { type: 'select', name: 'stato', label: 'visite.aut_stato', options: [{ value: 'attiva', label: 'visite.stato_attiva' }] },
  { type: 'select', name: 'tipo', param: 'tipo_id', label: 'visite.tipo', lookup: '/api/visite/tipi' },
  { type: 'switch', name: 'oggi', label: 'visite.aut_solo_oggi', on: 'si' },
];

const vuoti: F = { periodo: null, testo: '', stato: null, tipo: null, oggi: false };

describe('the filters of a list', () => {
  it('give nothing while they are empty', () => {
    expect(JSON.parse(JSON.stringify(filtersToQuery(FILTRI, vuoti)))).toEqual({});
  });

  it('give a period as two wire dates, a trimmed search, the choices and a switch that is on', () => {
    const q = filtersToQuery(FILTRI, { periodo: [dayjs('2026-11-02'), dayjs('2026-11-08')], testo: '  Boschi ', stato: 'attiva', tipo: 3, oggi: false });
    expect(q).toEqual({ dal: '2026-11-02', al: '2026-11-08', search: 'Boschi', stato: 'attiva', tipo_id: 3, oggi: undefined });
  });

  it('leave out a filter while it is disabled', () => {
    const q = filtersToQuery(FILTRI, { ...vuoti, periodo: [dayjs('2026-11-02'), dayjs('2026-11-08')], oggi: true });
    expect(q.dal).toBeUndefined();
    expect(q.al).toBeUndefined();
    expect(q.oggi).toBe('si');
  });

  it('send a search of blanks as no search', () => {
    expect(filtersToQuery(FILTRI, { ...vuoti, testo: '   ' }).search).toBeUndefined();
  });
});
