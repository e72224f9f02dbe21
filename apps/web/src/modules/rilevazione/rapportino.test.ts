/**
 * The daily work report's form: values to the contract's body and back, the lines' times, where a schema's issue is
 * shown; and its screens speak both languages (every `rapportino.*` key they name, and those they make from states).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesIt, STATI_RAPPORTINO, STATI_REGISTRAZIONE, ZRapportino, type TRapportinoRow } from '@tulip/contract';
import { dayjs } from '../../platform/formats';
import { campoDi, corpoDa, fineNonDopoInizio, meseDi, minutiTra, oraDaTesto, testoDaOra, valoriDa, valoriNuovo } from './rapportino';

const row: TRapportinoRow = {
  id: 7, dipendente_id: 20, dipendente_nome: 'Rossi Mario', data: '2026-11-18', cliente_id: 1, cliente_ragione_sociale: 'Meccanica Emiliana S.p.A.',
  sito: 'Linea 2', commessa_id: 2, commessa_codice: 'C26-015', km: 42, minuti_viaggio: 50, note: null, stato: 'bozza', firmatario: null, email_cliente: null,
  firmato_il: null, minuti: 330, versione: 1, pdf_sha256: null,
  righe: [
    { commessa_id: 2, commessa_codice: 'C26-015', fase_id: 5, fase_codice: 'MONT', inizio: '08:30', fine: '12:30', minuti: 240, descrizione: 'Montaggio' },
    { commessa_id: 2, commessa_codice: 'C26-015', fase_id: null, fase_codice: null, inizio: '13:30', fine: '15:00', minuti: 90, descrizione: null },
  ],
  materiali: [{ descrizione: 'Bulloneria M10', quantita: 2.5, unita: 'kg' }],
};

describe('the report form', () => {
  it('a saved report goes to the form and back unchanged', () => {
    const body = corpoDa(valoriDa(row));
    expect(body).toEqual({
      data: '2026-11-18', cliente_id: 1, sito: 'Linea 2', commessa_id: 2, km: 42, minuti_viaggio: 50, note: null,
      righe: [
        { commessa_id: 2, fase_id: 5, inizio: '08:30', fine: '12:30', descrizione: 'Montaggio' },
        { commessa_id: 2, fase_id: null, inizio: '13:30', fine: '15:00', descrizione: null },
      ],
      materiali: [{ descrizione: 'Bulloneria M10', quantita: 2.5, unita: 'kg' }],
    });
    expect(ZRapportino.safeParse(body).success).toBe(true);
  });

  it('a new report is today with one empty activity; the manager names whose it is', () => {
    const v = valoriNuovo('2026-11-18', 31);
    expect(v.data?.format('YYYY-MM-DD')).toBe('2026-11-18');
    expect(v.righe).toEqual([{}]);
    expect(corpoDa(v, true)).toMatchObject({ dipendente_id: 31, righe: [], materiali: [] });
    // a saved report keeps its person
    expect(corpoDa(v)).not.toHaveProperty('dipendente_id');
    expect(corpoDa(valoriNuovo('2026-11-18'), true)).not.toHaveProperty('dipendente_id');
  });

  it('untouched lines and materials are left out, texts trimmed, blanks null', () => {
    const body = corpoDa({
      data: dayjs('2026-11-18'), sito: '  ', note: ' ok ',
      righe: [{}, { commessa_id: 2, inizio: oraDaTesto('09:00'), fine: oraDaTesto('10:15'), descrizione: '  ' }],
      materiali: [{ descrizione: '', quantita: null, unita: '' }, { descrizione: ' Viti ', quantita: 12 }],
    });
    expect(body).toMatchObject({ sito: null, note: 'ok', righe: [{ commessa_id: 2, fase_id: null, inizio: '09:00', fine: '10:15', descrizione: null }], materiali: [{ descrizione: 'Viti', quantita: 12, unita: null }] });
  });

  it('a wrong time goes as typed, for the schema to refuse on its field', () => {
    const v = { data: dayjs('2026-11-18'), righe: [{}, { commessa_id: 2, inizio: { invalidTime: '25:99' }, fine: oraDaTesto('10:00') }] };
    const body = corpoDa(v);
    const parsed = ZRapportino.safeParse(body);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path.join('.') === 'righe.0.inizio');
    expect(issue?.message).toBe('avvisi.orario_non_valido');
    // the body's first line is the form's second: the empty one before it was left out
    expect(campoDi(issue!.path, v)).toEqual(['righe', 1, 'inizio']);
  });

  it('issues land on their field, or nowhere when they name none', () => {
    const v = { righe: [{ commessa_id: 1 }], materiali: [{}, {}, { descrizione: 'x' }] };
    expect(campoDi(['data'], v)).toEqual(['data']);
    expect(campoDi(['righe'], v)).toBeNull();
    expect(campoDi(['materiali', 0, 'quantita'], v)).toEqual(['materiali', 2, 'quantita']);
    expect(campoDi(['materiali', 1, 'quantita'], v)).toBeNull();
    expect(campoDi(['righe', 0, 'fine', 'x'], v)).toEqual(['righe', 0, 'fine']);
  });

  it('times: minutes between them, an end not after its start', () => {
    expect(testoDaOra(oraDaTesto('07:05'))).toBe('07:05');
    expect(oraDaTesto('')).toBeNull();
    expect(minutiTra(oraDaTesto('08:30'), oraDaTesto('12:30'))).toBe(240);
    expect(minutiTra(oraDaTesto('12:30'), oraDaTesto('12:30'))).toBeNull();
    expect(fineNonDopoInizio(oraDaTesto('12:30'), oraDaTesto('08:00'))).toBe(true);
    expect(fineNonDopoInizio(oraDaTesto('08:00'), null)).toBe(false);
    expect(fineNonDopoInizio({ invalidTime: 'x' }, oraDaTesto('08:00'))).toBe(false);
  });

  it('the list starts on the month of today', () => {
    const [dal, al] = meseDi('2026-02-11');
    expect([dal.format('YYYY-MM-DD'), al.format('YYYY-MM-DD')]).toEqual(['2026-02-01', '2026-02-28']);
  });
});

// the report's screens and helpers (the other screens of the module have their own texts test)
const sources = fs.readdirSync(__dirname).filter((f) => /^(Rapportino.*\.tsx|rapportino\.ts)$/.test(f));
const named = sources.flatMap((f) => [...fs.readFileSync(path.join(__dirname, f), 'utf8').matchAll(/['"`]rapportino\.([a-z_]+)['"`]/g)].map((m) => m[1]));
const made = [...STATI_RAPPORTINO.map((s) => `stato_${s}`), ...STATI_REGISTRAZIONE.map((s) => `ora_${s}`)];
const keys = [...new Set([...named, ...made])];

describe('the report screens speak both languages', () => {
  it('the scan finds their keys', () => {
    expect(sources).toEqual(expect.arrayContaining(['RapportinoPage.tsx', 'RapportinoFirma.tsx', 'rapportino.ts']));
    expect(keys.length).toBeGreaterThan(60);
    expect(keys).toEqual(expect.arrayContaining(['firma_e_invia', 'scarica_pdf', 'stato_firmato', 'ora_approvata']));
  });

  it.each([
    ['it', messagesIt],
    ['en', messagesEn],
  ])('each key has its %s text', (_lang, messages) => {
    expect(keys.filter((k) => !messages.rapportino?.[k])).toEqual([]);
  });
});
