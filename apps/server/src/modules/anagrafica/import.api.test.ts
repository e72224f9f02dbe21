/**
 * Import from CSV or Excel on the resource layer (issue #13): the rows of a file are previewed with their errors, row by
 * row, then stored all together or not at all; a row that clashes with the database stops the whole file and is named.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codiceFiscaleCheckChar } from '@tulip/contract';
import { login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';

const cf = (first15: string) => `${first15}${codiceFiscaleCheckChar(first15)}`;

describe.skipIf(skipReason())('import of records', () => {
  let t: TestApp;
  let hr: Session;
  let mario: Session;
  beforeAll(async () => {
    t = await makeTestApp();
    hr = await login(t.app, 'personale');
    mario = await login(t.app, 'mario.rossi');
  });
  afterAll(async () => t?.close());

  const post = (s: Session, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: s.auth, payload: payload as never });
  const employees = async () => Number(((await t.handle.db.execute(sql`select count(*)::int n from dipendenti`)) as unknown as { rows: { n: number }[] }).rows[0].n);
  const row = (matricola: string, cognome: string, codice: string) => ({ matricola, cognome, nome: 'Prova', codice_fiscale: codice, data_assunzione: '2026-12-01' });

  it('previews a file row by row and stores nothing', async () => {
    const before = await employees();
    const r = await post(hr, '/api/dipendenti/import', {
      righe: [row('900001', 'Alfa', cf('LFAPRV80A01A944')), row('900002', 'Beta', 'NONVALIDO'), row('900003', 'Gamma', cf('GMMPRV80A01A944'))],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ righe: 3, valide: 2, errori: [{ riga: 2, campi: { codice_fiscale: 'avvisi.codice_fiscale_non_valido' } }] });
    expect(await employees()).toBe(before);
  });

  it('refuses the whole file while any row is wrong, or when a row repeats what is stored, naming the row', async () => {
    const before = await employees();
    const bad = await post(hr, '/api/dipendenti/import', { conferma: true, righe: [row('900001', 'Alfa', cf('LFAPRV80A01A944')), row('900002', '', cf('BTEPRV80A01A944'))] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'avvisi.import_errori', params: { righe: 2, count: 1, errori: [{ riga: 2, campi: { cognome: expect.any(String) } }] } });
    // 000120 is mario.rossi's number: the second row stops the file, and the first is not kept either
    const clash = await post(hr, '/api/dipendenti/import', { conferma: true, righe: [row('900001', 'Alfa', cf('LFAPRV80A01A944')), row('000120', 'Doppio', cf('DPPPRV80A01A944'))] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: 'avvisi.import_riga', params: { riga: 2, campo: 'matricola' } });
    expect(await employees()).toBe(before);
  });

  it('stores every row of a good file, each audited, and only for who may write', async () => {
    const before = await employees();
    const righe = [row('900001', 'Alfa', cf('LFAPRV80A01A944')), row('900003', 'Gamma', cf('GMMPRV80A01A944'))];
    expect((await post(mario, '/api/dipendenti/import', { conferma: true, righe })).statusCode).toBe(403);
    const ok = await post(hr, '/api/dipendenti/import', { conferma: true, righe });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'avvisi.import_completato', params: { count: 2 }, data: { righe: 2 } });
    expect(await employees()).toBe(before + 2);
    const audited = (await t.handle.db.execute(sql`select count(*)::int n from audit_log where entita = 'dipendenti' and azione = 'create' and dopo->>'matricola' in ('900001', '900003')`)) as unknown as { rows: { n: number }[] };
    expect(audited.rows[0].n).toBe(2);
    const sedi = await post(hr, '/api/sedi/import', { conferma: true, righe: [{ descrizione: 'Filiale di Parma', comune: 'Parma', provincia: 'pr' }] });
    expect(sedi.json()).toMatchObject({ message: 'avvisi.import_completato', params: { count: 1 } });
  });
});
