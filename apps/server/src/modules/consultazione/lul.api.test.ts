/**
 * The Libro Unico's presence calendar (issue #31 §3; D.L. 112/2008 art. 39, D.M. 9/7/2008) and a part-timer's
 * supplementary hours (§2; D.Lgs 81/2015 art. 6) on the demo's closed month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localNow } from '../../platform/dates';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';
import { hasWhole, keepPdf, outsideBox, pdfLayout } from '../../../../../test/support/pdf';
import { DEMO_MATRICOLE } from '../../seed/demo-data';

type Day = { data: string; minuti_ordinari: number; minuti_straordinari: number; minuti_supplementari: number; minuti_notturni: number; giustificativi: { codice: string; minuti: number }[]; anomalie: string[] };

describe.skipIf(skipReason())('Libro Unico del Lavoro', () => {
  let t: TestApp;
  let hr: Session;
  let mario: Session;
  let laura: Session;
  const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
  // the demo closes the month before the last one (seed/presenze.ts)
  const today = () => localNow('Europe/Rome').data;
  const closed = () => addDays(`${today().slice(0, 7)}-01`, -32).slice(0, 7);
  const idOf = async (search: string) => (await get(hr, `/api/dipendenti?search=${encodeURIComponent(search)}`)).json().rows[0].id as number;
  beforeAll(async () => {
    t = await makeTestApp();
    [hr, mario, laura] = await Promise.all([login(t.app, 'personale'), login(t.app, 'mario.rossi'), login(t.app, 'laura.bianchi')]);
  });
  afterAll(async () => t?.close());

  it("each employee's calendar of the closed month equals the timecard, day by day (ordinary, overtime, supplementary, night, per leave code)", async () => {
    const mese = closed();
    const righe = (await get(hr, `/api/totaliz?mese=${mese}`)).json().righe as { dipendente: { id: number } }[];
    expect(righe.length).toBeGreaterThan(10);
    let giorni = 0;
    for (const { dipendente } of righe) {
      const [lul, cart] = await Promise.all([get(hr, `/api/lul?mese=${mese}&dipendente_id=${dipendente.id}`), get(hr, `/api/cartellino?dipendente=${dipendente.id}&mese=${mese}`)]);
      expect(lul.statusCode, lul.body).toBe(200);
      const l = lul.json();
      const c = cart.json() as { giorni: Day[] };
      expect(l.giorni.map((g: { data: string }) => g.data)).toEqual(c.giorni.map((g) => g.data));
      c.giorni.forEach((g, i) => {
        expect(l.giorni[i], `${dipendente.id} ${g.data}`).toEqual({
          data: g.data, ordinario: g.minuti_ordinari, straordinario: g.minuti_straordinari, supplementare: g.minuti_supplementari, notturno: g.minuti_notturni,
          causali: g.giustificativi.filter((x) => x.minuti > 0),
        });
        giorni++;
      });
      const sum = (k: 'ordinario' | 'straordinario' | 'supplementare' | 'notturno') => l.giorni.reduce((s: number, g: Record<string, number>) => s + g[k], 0);
      expect(l.totali).toMatchObject({ ordinario: sum('ordinario'), straordinario: sum('straordinario'), supplementare: sum('supplementare'), notturno: sum('notturno') });
    }
    expect(giorni).toBeGreaterThan(300);
  });

  it('D.Lgs 81/2015 art. 6: the demo part-timer works supplementary hours in the closed month, flagged past the weekly limit, exported as SUP', async () => {
    const mese = closed();
    const id = await idOf('Bassi');
    const c = (await get(hr, `/api/cartellino?dipendente=${id}&mese=${mese}`)).json() as { giorni: Day[]; totali: Record<string, number> & { anomalie: Record<string, number> } };
    // Tuesdays and Thursdays 2 h beyond her 6 h, and one week 3 h Monday to Thursday: 2 h a day up to full time, the rest overtime
    expect(c.totali.minuti_supplementari).toBeGreaterThanOrEqual(8 * 60);
    expect(c.totali.minuti_straordinari).toBeGreaterThan(0);
    expect(c.totali.anomalie.SUPPLEMENTARE_OLTRE_LIMITE).toBeGreaterThanOrEqual(1);
    expect(c.giorni.every((g) => g.minuti_supplementari <= 120)).toBe(true);
    // a full-timer's time beyond the shift stays overtime
    const rossi = (await get(hr, `/api/cartellino?dipendente=${await idOf(DEMO_MATRICOLE.mario)}&mese=${mese}`)).json();
    expect(rossi.totali.minuti_supplementari).toBe(0);
    // the payroll export carries them under their own code, day by day
    const csv = (await get(hr, `/api/totaliz/paghe?mese=${mese}`)).body.trim().split('\r\n').slice(1).map((l) => l.split(';'));
    const matricola = (await get(hr, `/api/lul?mese=${mese}&dipendente_id=${id}`)).json().dipendente.matricola;
    const sup = csv.filter((r) => r[1] === matricola && r[2] === 'SUP');
    expect(sup.reduce((s, r) => s + Number(r[4]) * 60 + Number(r[5]), 0)).toBe(c.totali.minuti_supplementari);
    expect(sup.map((r) => r[3])).toEqual(c.giorni.filter((g) => g.minuti_supplementari > 0).map((g) => g.data));
  });

  it('is available only for a closed month (409), and scoped like the timecard', async () => {
    const aperto = today().slice(0, 7);
    const marioId = await idOf(DEMO_MATRICOLE.mario);
    const open = await get(hr, `/api/lul?mese=${aperto}&dipendente_id=${marioId}`);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ message: 'avvisi.mese_non_chiuso', params: { context: 'lul' } });
    expect((await get(hr, `/api/lul/pdf?mese=${aperto}`)).statusCode).toBe(409);
    // the months that have a book, latest first: the screen opens the latest
    expect((await get(mario, '/api/lul/mesi')).json()[0]).toBe(closed());
    // the employee reads his own, nobody else's; the manager has no route to the book
    expect((await get(mario, `/api/lul?mese=${closed()}&dipendente_id=${marioId}`)).statusCode).toBe(200);
    expect((await get(mario, `/api/lul?mese=${closed()}&dipendente_id=${await idOf('Bassi')}`)).statusCode).toBe(404);
    const own = await get(mario, `/api/lul/pdf?mese=${closed()}`);
    expect(own.statusCode).toBe(200);
    expect((await pdfLayout(own.rawPayload)).length).toBe(1);
    expect((await get(laura, `/api/lul?mese=${closed()}&dipendente_id=${marioId}`)).statusCode).toBe(403);
    expect((await get(hr, `/api/lul?mese=2026-13&dipendente_id=${marioId}`)).statusCode).toBe(400);
  });

  it('prints one page per employee: the company, the employee, a row per day, totals, the legend, "Pagina n di m", nothing off the page', async () => {
    const mese = closed();
    const n = (await get(hr, `/api/totaliz?mese=${mese}`)).json().righe.length;
    const pdf = await get(hr, `/api/lul/pdf?mese=${mese}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await keepPdf('lul.pdf', pdf.rawPayload);
    const pages = await pdfLayout(pdf.rawPayload);
    expect(pages.length).toBe(n);
    pages.forEach((p, i) => {
      expect(p.text).toContain(`Pagina ${i + 1} di ${n}`);
      for (const v of ['Libro Unico del Lavoro - calendario delle presenze', 'Giorno Ordinario (O) Straordinario (S) Supplementare (SU) Notturno (N)', 'Totali', 'Legenda:', 'Codice fiscale:']) expect(hasWhole(p.text, v), `${i + 1}: ${v}`).toBe(true);
    });
    expect(outsideBox(pages)).toEqual([]);
    // the part-timer's page shows her supplementary hours and the codes of her leave with their names
    const bassi = pages.find((p) => p.text.includes('Bassi Paola'))!;
    expect(bassi.text).toMatch(/SU lavoro supplementare del part-time/);
    const id = await idOf('Bassi');
    const one = await get(hr, `/api/lul/pdf?mese=${mese}&dipendente_id=${id}`);
    expect((await pdfLayout(one.rawPayload)).length).toBe(1);
  });
});
