/**
 * Payroll layouts (issue #31 §4): a layout is written, the demo's previous month closed and exported in it, and the
 * file read back (CSV parsed, fixed width sliced) adds up, per employee, to the month's totals (/api/totaliz) and to
 * the expense reimbursements' payroll source (/api/notaspese/paghe); the two seeded examples read back the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { GENERI_ORE, ORE_PAGHE } from '@tulip/contract';
import { addDays, localNow } from '../../platform/dates';
import { closeMonthReviewed, makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';

type Totali = Record<string, number> & { per_causale: Record<string, number> };
/** Per employee, per voice code: minutes and cents. */
type Sums = Map<string, Map<string, { minuti: number; centesimi: number }>>;

function add(s: Sums, who: string, voce: string, minuti: number, centesimi: number) {
  const m = s.get(who) ?? new Map<string, { minuti: number; centesimi: number }>();
  const x = m.get(voce) ?? { minuti: 0, centesimi: 0 };
  m.set(voce, { minuti: x.minuti + minuti, centesimi: x.centesimi + centesimi });
  s.set(who, m);
}
/** Cents from "12,50" or "-3,05". */
const decimalCents = (v: string) => (v ? Math.round(Number(v.replace(',', '.')) * 100) : 0);
/** Minutes from "7,30" (hours, minutes). */
const hhmm = (v: string) => (v ? Number(v.split(',')[0]) * 60 + Number(v.split(',')[1]) : 0);

describe.skipIf(skipReason())('payroll layouts (issue #31 §4)', () => {
  let t: TestApp;
  let hr: Session;
  let admin: Session;
  let laura: Session;
  let mario: Session;
  // the previous month: open in the demo (the seed closes the one before it), with punches, leave and settled expenses
  const mese = addDays(`${localNow('Europe/Rome').data.slice(0, 7)}-01`, -1).slice(0, 7);
  const call = (s: Session | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as never, url, headers: s ? s.auth : {}, payload: payload as never });
  let totali: Map<string, Totali>;
  let codicePaghe: Map<string, string>;
  /** The expense payroll source's amounts, per employee and payroll code. */
  let spese: Sums;

  beforeAll(async () => {
    t = await makeTestApp();
    [hr, admin, laura, mario] = [await login(t.app, 'personale'), await login(t.app, 'admin'), await login(t.app, 'laura.bianchi'), await login(t.app, 'mario.rossi')];
    // the month's working-time findings reviewed, then closed (issue #31)
    expect((await closeMonthReviewed(t.app, hr, mese)).statusCode).toBe(200);
    const tot = (await call(hr, 'GET', `/api/totaliz?mese=${mese}`)).json();
    totali = new Map(tot.righe.map((r: { dipendente: { matricola: string }; totali: Totali }) => [r.dipendente.matricola, r.totali]));
    codicePaghe = new Map((await call(hr, 'GET', '/api/causali?size=1000')).json().rows.map((c: { codice: string; codice_paghe: string | null }) => [c.codice, c.codice_paghe ?? c.codice]));
    const csv = await call(hr, 'GET', `/api/notaspese/paghe?mese=${mese}&formato=csv`);
    spese = new Map();
    for (const [, matricola, voce, , , , importo] of csv.body.trim().split('\r\n').slice(1).map((l) => l.split(';'))) add(spese, matricola, voce, 0, Number(importo));
  });
  afterAll(async () => t?.close());

  /** What the file must hold per employee, by the voice codes a layout gives each kind. */
  function expected(voce: { ore: Record<string, string>; causale: (codice: string) => string }): Sums {
    const s: Sums = new Map();
    for (const [matricola, k] of totali) {
      // every kind of hours the contract lists; one the layout does not map keeps today's code
      for (const genere of GENERI_ORE) {
        const campo = ORE_PAGHE[genere].campo;
        if (k[campo]) add(s, matricola, voce.ore[genere] ?? ORE_PAGHE[genere].voce, k[campo], 0);
      }
      for (const [codice, minuti] of Object.entries(k.per_causale)) if (minuti) add(s, matricola, voce.causale(codice), minuti, 0);
    }
    for (const [matricola, m] of spese) for (const [v, x] of m) add(s, matricola, v, 0, x.centesimi);
    return s;
  }
  const plain = (s: Sums) => Object.fromEntries([...s].map(([k, m]) => [k, Object.fromEntries([...m].filter(([, x]) => x.minuti || x.centesimi))]));

  it('exports a closed month in a layout of its own: every kind mapped, the file adds up to the totals and the expenses per employee', async () => {
    const causali = [...codicePaghe.keys()];
    const created = await call(hr, 'PUT', '/api/paghe/tracciati', {
      nome: 'Paghe Prova', tipo: 'csv', separatore: ',', intestazione: false, codice_azienda: 'AZ "7"',
      campi: [
        { tipo: 'testo', valore: 'MOV' }, { tipo: 'codice_azienda' }, { tipo: 'codice_dipendente' }, { tipo: 'data', formato: 'GG/MM/AAAA' },
        { tipo: 'codice_voce' }, { tipo: 'ore', formato: 'minuti' }, { tipo: 'importo', formato: 'centesimi' },
      ],
      mappatura: [
        ...GENERI_ORE.map((g) => ({ gruppo: 'ore', genere: g, voce: `H_${g}` })),
        ...causali.map((c) => ({ gruppo: 'causale', genere: c, voce: `C_${c}` })),
      ],
      codici_dipendenti: [{ matricola: '000001', codice: 'E-1' }],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call(hr, 'GET', `/api/paghe/tracciati/${id}`)).json()).toMatchObject({ nome: 'Paghe Prova', tipo: 'csv', mappatura: expect.arrayContaining([{ gruppo: 'ore', genere: 'ordinari', voce: 'H_ordinari' }]) });

    const r = await call(hr, 'GET', `/api/paghe/export?mese=${mese}&tracciato=${id}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="paghe-AZ7-${mese}-paghe-prova.csv"`);
    expect(r.body.endsWith('\r\n')).toBe(true);
    expect(r.body.replace(/\r\n/g, '')).not.toContain('\n');
    const rows = Papa.parse<string[]>(r.body.trim(), { delimiter: ',', newline: '\r\n' }).data;
    expect(rows.length).toBeGreaterThan(100);
    const got: Sums = new Map();
    const back = new Map([...totali.keys()].map((m) => [m === '000001' ? 'E-1' : m, m]));
    for (const [testo, azienda, dip, data, voce, minuti, importo] of rows) {
      expect([testo, azienda]).toEqual(['MOV', 'AZ "7"']); // the quote and the comma-free value read back through the CSV quoting
      expect(data).toMatch(new RegExp(`^\\d\\d/${mese.slice(5)}/${mese.slice(0, 4)}$`));
      expect(!!minuti !== !!importo).toBe(true); // an hours record leaves the amount empty, an amount the hours
      add(got, back.get(dip) ?? dip, voce, Number(minuti || 0), Number(importo || 0));
    }
    const want = expected({ ore: Object.fromEntries(GENERI_ORE.map((g) => [g, `H_${g}`])), causale: (c) => `C_${c}` });
    expect(plain(got)).toEqual(plain(want));
    // the month holds hours of several kinds, leave and reimbursed expenses: the comparison is not of empty files
    const voci = new Set(rows.map((x) => x[4]));
    for (const v of ['H_ordinari', 'H_straordinari']) expect(voci).toContain(v);
    expect([...voci].some((v) => v.startsWith('C_'))).toBe(true);
    expect(rows.some((x) => x[6] !== '')).toBe(true);
    expect([...spese.values()].length).toBeGreaterThan(0);

    // audited as the payroll export is
    const log = (await call(admin, 'GET', '/api/audit?entita=paghe')).json().rows.find((x: { azione: string }) => x.azione === 'export_tracciato');
    expect(log).toMatchObject({ entita_id: mese, dopo: { tracciato: id, nome: 'Paghe Prova', record: rows.length } });
  });

  it('ships two example layouts that read back to the totals: the CSV one parsed, the fixed-width one sliced by its columns', async () => {
    const list = (await call(hr, 'GET', '/api/paghe/tracciati?size=100')).json().rows as { id: number; nome: string }[];
    const csvId = list.find((x) => x.nome === 'Esempio tracciato CSV')!.id;
    const fissoId = list.find((x) => x.nome === 'Esempio tracciato fisso')!.id;

    const csv = await call(hr, 'GET', `/api/paghe/export?mese=${mese}&tracciato=${csvId}`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(csv.body.trim(), { delimiter: ';', newline: '\r\n' }).data;
    expect(header).toEqual(['AZIENDA', 'DIPENDENTE', 'DATA', 'VOCE', 'ORE', 'IMPORTO']);
    const got: Sums = new Map();
    for (const [azienda, dip, , voce, ore, importo] of rows) {
      expect(azienda).toBe('000001');
      add(got, dip, voce, hhmm(ore), decimalCents(importo));
    }
    const ore: Record<string, string> = { ordinari: '0100', straordinari: '0200', notturni: '0300', festivi: '0400' };
    expect(plain(got)).toEqual(plain(expected({ ore, causale: (c) => codicePaghe.get(c)! })));

    const fisso = await call(hr, 'GET', `/api/paghe/export?mese=${mese}&tracciato=${fissoId}`);
    expect(fisso.statusCode).toBe(200);
    expect(fisso.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(fisso.headers['content-disposition']).toMatch(/filename="paghe-000001-\d{4}-\d\d-esempio-tracciato-fisso\.txt"/);
    const lines = fisso.rawPayload.toString('latin1').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(rows.length);
    const byFixed: Sums = new Map();
    const nuovo = { '0100': 'O01', '0200': 'S01', '0300': 'N01', '0400': 'F01' } as Record<string, string>;
    lines.forEach((l, i) => {
      expect(l).toHaveLength(49);
      const [azienda, dip, data, voce, centesimi, importo] = [l.slice(0, 6), l.slice(6, 14), l.slice(14, 22), l.slice(22, 34).trimEnd(), l.slice(34, 40), l.slice(40, 49)];
      expect(azienda).toBe('000001');
      expect(dip).toBe(rows[i][1].padStart(8, '0'));
      expect(data).toBe(rows[i][2].split('/').reverse().join(''));
      expect(voce).toBe(nuovo[rows[i][3]] ?? rows[i][3]);
      // the same record as the CSV example's, hours in hundredths of an hour (rounded per record), amount in cents
      expect(Number(centesimi)).toBe(Math.round((hhmm(rows[i][4]) * 100) / 60));
      expect(Number(importo)).toBe(decimalCents(rows[i][5]));
      add(byFixed, dip.replace(/^0{2}/, ''), voce, Number(centesimi), Number(importo));
    });
    // per employee and kind, the hundredths are the totals' minutes within half a hundredth per record
    for (const [matricola, m] of byFixed) {
      const k = totali.get(matricola)!;
      const records = lines.filter((l) => l.slice(8, 14) === matricola && l.slice(22, 34).trimEnd() === 'O01').length;
      expect(Math.abs((m.get('O01')?.minuti ?? 0) - (k.minuti_ordinari * 100) / 60)).toBeLessThanOrEqual(records / 2 + 0.5);
    }
  });

  it('refuses overlapping fixed-width fields, a value wider than its field, an unknown layout, an open month and whoever may not export', async () => {
    const campi = [
      { tipo: 'codice_dipendente', inizio: 1, lunghezza: 8 },
      { tipo: 'codice_voce', inizio: 8, lunghezza: 2 },
      { tipo: 'ore', formato: 'centesimi', inizio: 10, lunghezza: 5 },
    ];
    const overlap = await call(hr, 'PUT', '/api/paghe/tracciati', { nome: 'Sovrapposto', tipo: 'fisso', campi });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().params.fields).toEqual({ 'campi.1.inizio': 'avvisi.tracciato_campi_sovrapposti' });
    const noFormat = await call(hr, 'PUT', '/api/paghe/tracciati', { nome: 'Senza formato', tipo: 'csv', campi: [{ tipo: 'data' }] });
    expect(noFormat.json().params.fields).toEqual({ 'campi.0.formato': 'avvisi.tracciato_formato' });
    const twice = await call(hr, 'PUT', '/api/paghe/tracciati', {
      nome: 'Doppio', tipo: 'csv', campi: [{ tipo: 'codice_voce' }],
      mappatura: [{ gruppo: 'ore', genere: 'ordinari', voce: 'A' }, { gruppo: 'ore', genere: 'ordinari', voce: 'B' }],
    });
    expect(twice.json().params.fields).toEqual({ 'mappatura.1.genere': 'avvisi.tracciato_mappatura_doppia' });

    // the voice codes do not fit 2 columns: the export refuses, never cuts
    campi[1].inizio = 9;
    campi[2].inizio = 11;
    const narrow = await call(hr, 'PUT', '/api/paghe/tracciati', { nome: 'Stretto', tipo: 'fisso', campi });
    expect(narrow.statusCode).toBe(201);
    const id = narrow.json().data.id;
    const wide = await call(hr, 'GET', `/api/paghe/export?mese=${mese}&tracciato=${id}`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toMatchObject({ message: 'avvisi.tracciato_valore_lungo', params: { campo: 2, tipo: 'codice_voce', lunghezza: 2 } });

    expect((await call(hr, 'GET', `/api/paghe/export?mese=${mese}&tracciato=999999`)).statusCode).toBe(404);
    const open = await call(hr, 'GET', `/api/paghe/export?mese=${localNow('Europe/Rome').data.slice(0, 7)}&tracciato=${id}`);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('avvisi.mese_non_chiuso');
    for (const who of [mario, laura]) expect((await call(who, 'GET', `/api/paghe/export?mese=${mese}&tracciato=${id}`)).statusCode).toBe(403);
    expect((await call(mario, 'GET', '/api/paghe/tracciati')).statusCode).toBe(403);
    expect((await call(laura, 'PUT', '/api/paghe/tracciati', { nome: 'X', tipo: 'csv', campi: [{ tipo: 'codice_voce' }] })).statusCode).toBe(403);
  });
});
