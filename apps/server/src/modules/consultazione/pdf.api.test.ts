/**
 * The printed timecard is laid out (issue #29 §1): a month of busy days runs over two pages with the table's header
 * repeated, every punch and the long names whole, nothing outside the page's printable box.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivitaNazionali } from '@tulip/attendance';
import { codiceFiscaleCheckChar } from '@tulip/contract';
import { addDays, localNow, weekdayMon0 } from '../../platform/dates';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';
import { hasWhole, keepPdf, outsideBox, pdfLayout } from '../../../../../test/support/pdf';

describe.skipIf(skipReason())('timecard PDF', () => {
  let t: TestApp;
  let hr: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  beforeAll(async () => {
    t = await makeTestApp();
    hr = await login(t.app, 'personale');
  });
  afterAll(async () => t?.close());

  it('lays a month of busy days out over pages, every punch whole, the header repeated, nothing off the page', async () => {
    const prod = (await call(hr, 'GET', '/api/reparti?search=Produzione')).json().rows[0];
    const emp = await call(hr, 'PUT', '/api/dipendenti', {
      matricola: '009291', cognome: 'Bevilacqua-Castelfranchi', nome: 'Maria Giovanna Elisabetta', codice_fiscale: `BVLMGV90A41A944${codiceFiscaleCheckChar('BVLMGV90A41A944')}`, data_assunzione: '2020-01-01', reparto_id: prod.id,
    });
    expect(emp.statusCode, emp.body).toBe(201);
    const id = emp.json().data.id;
    const std = (await call(hr, 'GET', '/api/orari?search=STD')).json().rows[0];
    expect((await call(hr, 'PUT', '/api/assegnazioni-orario', { dipendente_id: id, orario_id: std.id, dal: '2020-01-01' })).statusCode).toBe(201);
    // the working days of last month from the 3rd, each with twenty punches
    const today = localNow('Europe/Rome').data;
    const first = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    const holiday = (x: string) => festivitaNazionali(Number(x.slice(0, 4))).some((f) => f.data === x);
    const days: string[] = [];
    for (let d = `${first}-03`; days.length < 8; d = addDays(d, 1)) if (weekdayMon0(d) <= 4 && !holiday(d)) days.push(d);
    const punches: string[] = [];
    for (const d of days)
      for (let i = 0; i < 20; i++) {
        const hhmm = `${String(6 + Math.floor((i * 25) / 60)).padStart(2, '0')}:${String((i * 25) % 60).padStart(2, '0')}`;
        const verso = i % 2 ? 'U' : 'E';
        const r = await call(hr, 'PUT', '/api/timbrature', { dipendente_id: id, ts: `${d}T${hhmm}:00`, verso, motivo: 'Badge dimenticato', id_richiesta: randomUUID() });
        expect(r.statusCode).toBe(201);
        punches.push(`${verso}${hhmm}*`);
      }
    const pdf = await call(hr, 'GET', `/api/cartellino/pdf?dipendente=${id}&mese=${first}`);
    expect(pdf.statusCode).toBe(200);
    await keepPdf('cartellino.pdf', pdf.rawPayload);
    const pages = await pdfLayout(pdf.rawPayload);
    const all = pages.map((p) => p.text).join(' ');
    expect(pages.length).toBeGreaterThan(1);
    for (const v of ['Bevilacqua-Castelfranchi Maria Giovanna Elisabetta - matricola 009291', 'Firma del dipendente', "Firma dell'ufficio personale", ...punches]) expect(hasWhole(all, v), v).toBe(true);
    // the header of the table on every page it runs over, and the pages numbered
    const tablePages = pages.filter((p) => /\b(lun|mar|mer|gio|ven|sab|dom) \d\d\b/.test(p.text));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const p of tablePages) expect(hasWhole(p.text, 'Giorno Turno Timbrature Teorici Lavorati Ordinari Straord. Suppl. Nott. Ritardo Usc. ant. Mancanti')).toBe(true);
    pages.forEach((p, i) => expect(p.text).toContain(`Pagina ${i + 1} di ${pages.length}`));
    expect(outsideBox(pages)).toEqual([]);
  });
});
