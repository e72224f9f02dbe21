/**
 * Files, one way for every module (issue #13): uploaded through the multipart route with its own 10 MB limit, typed
 * by their content, stored once per content in the database (SHA-256), and served back with their type and name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, uploadFile, type Session, type TestApp } from './harness';

describe.skipIf(skipReason())('files', () => {
  let t: TestApp;
  let mario: Session;
  let laura: Session;
  let pdf: Buffer;
  beforeAll(async () => {
    t = await makeTestApp();
    mario = await login(t.app, 'mario.rossi');
    laura = await login(t.app, 'laura.bianchi');
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Scontrino 12,50 EUR');
    pdf = Buffer.from(await doc.save());
  });
  afterAll(async () => t?.close());

  const upload = (s: Session, name: string, bytes: Buffer, type?: string) => uploadFile(t.app, s.auth, name, bytes, type);
  const count = async (table: 'file' | 'file_contenuti') =>
    Number(((await t.handle.db.execute(sql.raw(`select count(*)::int n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0].n);

  it('stores a PDF by its content and gives it back, with its type and name, to who uploaded it', async () => {
    const r = await upload(mario, 'scontrino è.pdf', pdf, 'application/pdf');
    expect(r.statusCode).toBe(201);
    const f = r.json().data;
    expect(r.json()).toMatchObject({ message: 'avvisi.created', params: { context: 'file', nome: 'scontrino è.pdf' } });
    expect(f).toMatchObject({ nome: 'scontrino è.pdf', tipo: 'application/pdf', dimensione: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') });
    const back = await t.app.inject({ url: `/api/file/${f.id}`, headers: mario.auth });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toBe(`inline; filename="scontrino _.pdf"; filename*=UTF-8''${encodeURIComponent('scontrino è.pdf')}`);
    expect(Buffer.compare(back.rawPayload, pdf)).toBe(0);
    // someone else's upload is not theirs to read here: its module serves it with its own checks
    expect((await t.app.inject({ url: `/api/file/${f.id}`, headers: laura.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/file/${f.id}` })).statusCode).toBe(401);
  });

  it('keeps equal bytes once, and believes the content, not the name or the browser', async () => {
    const before = await count('file_contenuti');
    const png = await QRCode.toBuffer('https://tulip.example/visita/123');
    const a = (await upload(mario, 'firma.png', png, 'image/png')).json().data;
    const b = (await upload(laura, 'firma-copia.pdf', png, 'application/pdf')).json().data;
    expect(a.sha256).toBe(b.sha256);
    expect(b.tipo).toBe('image/png');
    expect(a.id).not.toBe(b.id);
    expect(await count('file_contenuti')).toBe(before + 1);
  });

  it('refuses what is not an accepted kind, an empty file, a missing one, a JSON body and a file over 10 MB, storing nothing', async () => {
    const files = await count('file');
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(2000)]);
    const bad = await upload(mario, 'fattura.pdf', exe, 'application/pdf');
    expect(bad.statusCode).toBe(415);
    expect(bad.json()).toMatchObject({ message: 'avvisi.tipo_file_non_ammesso' });
    const html = await upload(mario, 'nota.csv', Buffer.from('<html>\u0000</html>'), 'text/csv');
    expect(html.statusCode).toBe(415);
    expect((await upload(mario, 'vuoto.pdf', Buffer.alloc(0))).json()).toMatchObject({ message: 'avvisi.validation', params: { fields: { file: 'avvisi.file_vuoto' } } });
    const json = await t.app.inject({ method: 'POST', url: '/api/file', headers: mario.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'avvisi.unsupported_media' });
    const big = await upload(mario, 'grande.pdf', Buffer.concat([pdf, randomBytes(10 * 1024 * 1024)]), 'application/pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'avvisi.payload_too_large' });
    expect(await count('file')).toBe(files);
  });

  it('takes a file far over the 1 MiB JSON limit, and a CSV as text', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(3 * 1024 * 1024)]);
    const r = await upload(mario, 'foto.jpg', jpeg, 'image/jpeg');
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ tipo: 'image/jpeg', dimensione: jpeg.length });
    const csv = await upload(mario, 'righe.csv', Buffer.from('data;importo\n24/11/2026;12,50\n'), 'text/csv');
    expect(csv.json().data).toMatchObject({ tipo: 'text/csv' });
  });
});
