import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import { PNG as Png } from 'pngjs';
import { makeTestApp, login, skipReason, uploadFile, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';

/** A 1×1 transparent PNG, as the signature pad makes them (only far larger). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==', 'base64');

describe.skipIf(skipReason())('daily work report (rapportino)', () => {
  let t: TestApp;
  let mario: Session;
  let laura: Session;
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  let order: { id: number; fasi: { id: number; codice: string }[] };
  let cliente: number;
  let day: string;

  beforeAll(async () => {
    t = await makeTestApp();
    [mario, laura] = await Promise.all([login(t.app, 'mario.rossi'), login(t.app, 'laura.bianchi')]);
    const personale = await login(t.app, 'personale');
    order = (await call(personale, 'GET', '/api/commesse?search=C26-015')).json().rows[0];
    cliente = (await call(personale, 'GET', '/api/clienti?search=Meccanica')).json().rows[0].id;
    day = addDays(localNow(t.config.timezone).data, -2);
    const mid = (await call(mario, 'GET', '/api/user/profile')).json().dipendente.id;
    await t.handle.db.execute(sql`delete from registrazioni_settimane where dipendente_id = ${mid}`);
  });
  afterAll(async () => t?.close());

  const report = (extra: Record<string, unknown> = {}) => ({
    data: day, cliente_id: cliente, sito: 'Stabilimento di Reggio Emilia, linea 3', commessa_id: order.id, km: 84, minuti_viaggio: 95,
    righe: [
      { commessa_id: order.id, fase_id: order.fasi.find((f) => f.codice === 'MONT')!.id, inizio: '08:30', fine: '12:00', descrizione: 'Montaggio protezioni' },
      { commessa_id: order.id, fase_id: order.fasi.find((f) => f.codice === 'COLL')!.id, inizio: '13:00', fine: '15:15', descrizione: 'Collaudo con il cliente' },
    ],
    materiali: [{ descrizione: 'Viti M8', quantita: 24, unita: 'pz' }, { descrizione: 'Cavo 3x1,5', quantita: 12.5, unita: 'm' }],
    ...extra,
  });

  it('is written, signed on the screen, mailed as PDF to the customer and approved into bookings', async () => {
    const created = await call(mario, 'PUT', '/api/rilevazione/rapportini', report());
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json().data;
    expect(r).toMatchObject({ stato: 'bozza', minuti: 210 + 135, cliente_ragione_sociale: 'Meccanica Emiliana S.p.A.' });
    expect(r.materiali[1]).toEqual({ descrizione: 'Cavo 3x1,5', quantita: 12.5, unita: 'm' });

    // bad input: overlapping lines, an end before its start, no lines
    const overlap = report({ righe: [{ ...report().righe[0] }, { ...report().righe[1], inizio: '11:00' }] });
    expect((await call(mario, 'PUT', '/api/rilevazione/rapportini', overlap)).statusCode).toBe(409);
    expect((await call(mario, 'PUT', '/api/rilevazione/rapportini', report({ righe: [{ ...report().righe[0], fine: '08:00' }] }))).statusCode).toBe(400);
    expect((await call(mario, 'PUT', '/api/rilevazione/rapportini', report({ righe: [] }))).json().params.fields.righe).toBe('avvisi.rapportino_senza_righe');
    // a line without the phase its order requires: said on that line's field
    const noPhase = report({ righe: [report().righe[0], { ...report().righe[1], fase_id: null }] });
    expect((await call(mario, 'PUT', '/api/rilevazione/rapportini', noPhase)).json()).toEqual({ message: 'avvisi.validation', params: { fields: { 'righe.1.fase_id': 'avvisi.campo_richiesto' } } });

    // the signature must be a PNG the caller uploaded, and not too large
    const jpeg = (await uploadFile(t.app, mario.auth, 'firma.jpg', JPEG, 'image/jpeg')).json().data.id;
    const refused = await call(mario, 'POST', `/api/rilevazione/rapportini/${r.id}/firma`, { firma_file_id: jpeg, firmatario: 'Giulia Fontana' });
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json().message).toBe('avvisi.firma_non_png');
    // noise does not compress: over 300 KB however it is written again when taken in
    const noise = new Png({ width: 400, height: 300 });
    randomBytes(noise.data.length).copy(noise.data);
    const big = Png.sync.write(noise);
    const bigId = (await uploadFile(t.app, mario.auth, 'firma.png', big, 'image/png')).json().data.id;
    expect((await call(mario, 'POST', `/api/rilevazione/rapportini/${r.id}/firma`, { firma_file_id: bigId, firmatario: 'Giulia Fontana' })).statusCode).toBe(413);
    const lauras = (await uploadFile(t.app, laura.auth, 'firma.png', PNG, 'image/png')).json().data.id;
    expect((await call(mario, 'POST', `/api/rilevazione/rapportini/${r.id}/firma`, { firma_file_id: lauras, firmatario: 'Giulia Fontana' })).statusCode).toBe(400);

    const png = (await uploadFile(t.app, mario.auth, 'firma.png', PNG, 'image/png')).json().data.id;
    const signed = await call(mario, 'POST', `/api/rilevazione/rapportini/${r.id}/firma`, { firma_file_id: png, firmatario: 'Giulia Fontana', email_cliente: 'giulia.fontana@meccanicaemiliana.it' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toMatchObject({ stato: 'firmato', firmatario: 'Giulia Fontana' });
    const mail = await t.smtp.waitFor((m) => m.raw.includes('giulia.fontana@meccanicaemiliana.it'));
    expect(mail.raw).toContain('application/pdf');
    expect(mail.raw).toContain(`rapportino-${r.id}.pdf`);
    // the lines are locked once signed
    expect((await call(mario, 'POST', `/api/rilevazione/rapportini/${r.id}`, report())).json().message).toBe('avvisi.rapportino_firmato');

    const pdf = await call(mario, 'GET', `/api/rilevazione/rapportini/${r.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe(`Rapportino ${r.id} del ${day.split('-').reverse().join('/')}`);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    // mario does not approve his own report; laura does, and its lines become approved bookings
    expect((await call(mario, 'POST', `/api/rilevazione/rapportini/${r.id}/approva`, {})).statusCode).toBe(403);
    const ok = await call(laura, 'POST', `/api/rilevazione/rapportini/${r.id}/approva`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    const booked = (await call(mario, 'GET', `/api/rilevazione/ore?dal=${day}&al=${day}`)).json().rows.filter((b: { origine: string }) => b.origine === 'rapportino');
    expect(booked.map((b: { fase_codice: string; minuti: number; stato: string }) => [b.fase_codice, b.minuti, b.stato])).toEqual([['MONT', 210, 'approvata'], ['COLL', 135, 'approvata']]);
    expect((await call(laura, 'POST', `/api/rilevazione/rapportini/${r.id}/approva`, {})).statusCode).toBe(409);
    const list = (await call(mario, 'GET', `/api/rilevazione/rapportini?dal=${day}&al=${day}`)).json();
    expect(list.rows.find((x: { id: number }) => x.id === r.id).stato).toBe('approvato');
  });

  it('applies saves one after the other: a save or a signature of an older version is refused, never lost, and the PDF is what was signed', async () => {
    const otherDay = addDays(day, -1);
    const created = (await call(mario, 'PUT', '/api/rilevazione/rapportini', report({ data: otherDay, km: null }))).json().data;
    expect(created.versione).toBe(1);
    // two saves of version 1 at once (two tabs): one is applied, the other refused with the version now stored
    const [a, b] = await Promise.all([
      call(mario, 'POST', `/api/rilevazione/rapportini/${created.id}`, report({ data: otherDay, km: 42, versione: 1 })),
      call(mario, 'POST', `/api/rilevazione/rapportini/${created.id}`, report({ data: otherDay, note: 'Montaggio basamento', versione: 1 })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({ message: 'avvisi.rapportino_modificato', params: { versione: 2 } });
    // a save from the stored version goes through, and raises it
    const saved = await call(mario, 'POST', `/api/rilevazione/rapportini/${created.id}`, report({ data: otherDay, km: 42, note: 'Montaggio basamento', versione: 2 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ versione: 3, km: 42, note: 'Montaggio basamento' });

    // the customer signs the version the screen showed: an older one is refused, and nothing is signed
    const png = (await uploadFile(t.app, mario.auth, 'firma.png', PNG, 'image/png')).json().data.id;
    const stale = await call(mario, 'POST', `/api/rilevazione/rapportini/${created.id}/firma`, { firma_file_id: png, firmatario: 'Giulia Fontana', versione: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('avvisi.rapportino_modificato');
    const signed = await call(mario, 'POST', `/api/rilevazione/rapportini/${created.id}/firma`, { firma_file_id: png, firmatario: 'Giulia Fontana', versione: 3 });
    expect(signed.statusCode, signed.body).toBe(200);
    // the row names the signed PDF's SHA-256, and the PDF served back has it
    const pdf = await call(mario, 'GET', `/api/rilevazione/rapportini/${created.id}/pdf`);
    const { createHash } = await import('node:crypto');
    expect(signed.json().data.pdf_sha256).toBe(createHash('sha256').update(pdf.rawPayload).digest('hex'));
    expect((await call(mario, 'POST', `/api/rilevazione/rapportini/${created.id}`, report({ data: otherDay, versione: 3 }))).json().message).toBe('avvisi.rapportino_firmato');
  });
});
