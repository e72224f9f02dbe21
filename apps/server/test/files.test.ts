/**
 * Files, one way for every module (issue #13): uploaded through the multipart route with its own 10 MB limit, typed
 * by their content, stored once per content in the database (SHA-256), and served back with their type and name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG as Png } from 'pngjs';
import { localNow } from '../src/platform/dates';
import { file, fileBlocchi, fileContenuti } from '../src/platform/db/tables';
import { login, makeTestApp, skipReason, uploadFile, type Session, type TestApp } from './harness';
import { docxBomb, docxBombLying, malformedMultipart, pngBlack, pngBomb, pngGarbage } from './hostile';

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
    const big = Buffer.concat([pdf, randomBytes(3 * 1024 * 1024)]);
    const r = await upload(mario, 'scansione.pdf', big, 'application/pdf');
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ tipo: 'application/pdf', dimensione: big.length });
    const csv = await upload(mario, 'righe.csv', Buffer.from('data;importo\n24/11/2026;12,50\n'), 'text/csv');
    expect(csv.json().data).toMatchObject({ tipo: 'text/csv' });
  });

  // ---- hostile files (issue #27 §2): refused when taken in, fast, storing nothing, the server answering meanwhile

  const version = () => t.app.inject({ url: '/api/server/version' });

  it('refuses a PNG that declares 30000 × 30000 pixels at once, from its header, storing nothing', async () => {
    const files = await count('file');
    const r = await upload(mario, 'firma.png', pngBomb(), 'image/png');
    expect(r.statusCode, r.body).toBe(413);
    expect(r.json()).toMatchObject({ message: 'avvisi.immagine_troppo_grande', params: { larghezza: 30_000, altezza: 30_000, lato: 8192, megapixel: 24 } });
    expect(await count('file')).toBe(files);
  });

  it('refuses a PNG whose compressed pixels are garbage with a 400, storing nothing', async () => {
    const files = await count('file');
    const r = await upload(mario, 'firma.png', pngGarbage(), 'image/png');
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ message: 'avvisi.immagine_non_valida', params: { fields: { file: 'avvisi.immagine_non_valida' } } });
    expect(await count('file')).toBe(files);
  });

  it('stores a PNG as the clean PNG written from its pixels, decoded off the event loop while others are answered', async () => {
    // 12 MP of black: 30 KB on the wire, seconds of decoding and encoding; within the limits, so it is taken
    const heavy = pngBlack(4000, 3000);
    const done: string[] = [];
    const up = upload(mario, 'scansione.png', heavy, 'image/png').then((r) => (done.push('upload'), r));
    // the upload's decode is under way in its worker: the version still answers, before it ends
    await new Promise((go) => setImmediate(go));
    const v = await version().then((r) => (done.push('version'), r));
    const r = await up;
    expect(v.statusCode).toBe(200);
    expect(r.statusCode, r.body).toBe(201);
    expect(done).toEqual(['version', 'upload']);
    const back = await t.app.inject({ url: `/api/file/${r.json().data.id}`, headers: mario.auth });
    const png = Png.sync.read(back.rawPayload);
    expect([png.width, png.height]).toEqual([4000, 3000]);
    expect(Buffer.compare(back.rawPayload, heavy)).not.toBe(0);
    expect(r.json().data).toMatchObject({ tipo: 'image/png', dimensione: back.rawPayload.length, sha256: createHash('sha256').update(back.rawPayload).digest('hex') });
  });

  it('refuses a DOCX bomb from its central directory, and one whose directory lies about its sizes, storing nothing', { timeout: 60_000 }, async () => {
    const files = await count('file');
    const honest = docxBomb(120);
    expect(honest.length).toBeLessThan(1024 * 1024);
    const r = await upload(mario, 'contratto.docx', honest, 'application/octet-stream');
    expect(r.statusCode, r.body).toBe(413);
    expect(r.json()).toMatchObject({ message: 'avvisi.archivio_troppo_grande', params: { voce_mb: 20, totale_mb: 50 } });
    const lying = await upload(mario, 'contratto.docx', docxBombLying(honest), 'application/octet-stream');
    expect(lying.statusCode, lying.body).toBe(413);
    expect(lying.json()).toMatchObject({ message: 'avvisi.archivio_troppo_grande' });
    // within the sizes, but 15 MB of spaces in a few kilobytes: a bomb by its ratio
    const squeezed = await upload(mario, 'contratto.docx', docxBomb(15), 'application/octet-stream');
    expect(squeezed.statusCode, squeezed.body).toBe(413);
    expect(squeezed.json()).toMatchObject({ message: 'avvisi.archivio_sospetto', params: { rapporto: 100 } });
    expect(await count('file')).toBe(files);
  });

  it('answers a malformed multipart body with a 400 and a message, never a 500, storing nothing', async () => {
    const files = await count('file');
    for (const m of malformedMultipart()) {
      const r = await t.app.inject({ method: 'POST', url: '/api/file', headers: { ...mario.auth, 'content-type': m.contentType }, payload: m.payload });
      if (m.malformed) expect(r.json(), `${m.label}: ${r.statusCode}`).toEqual({ message: 'avvisi.multipart_non_valido' });
      expect(r.statusCode, `${m.label}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${m.label}: ${r.body}`).toBeLessThan(500);
      expect(typeof r.json().message, m.label).toBe('string');
    }
    expect(await count('file')).toBe(files);
    expect((await version()).statusCode).toBe(200);
  });

  /** A file as it was stored before uploads were checked (issue #27 §2): straight into the tables. */
  async function storedBefore(nome: string, tipo: string, bytes: Buffer, caricato_da: number | null) {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const db = t.handle.db;
    await db.insert(fileBlocchi).values({ sha256, n: 0, dati: bytes }).onConflictDoNothing();
    await db.insert(fileContenuti).values({ sha256, dimensione: bytes.length }).onConflictDoNothing();
    const [row] = await db.insert(file).values({ sha256, nome, tipo, dimensione: bytes.length, caricato_da }).returning();
    return row.id;
  }

  it('draws every printout without a logo stored before the checks that does not decode, instead of a 500', async () => {
    const hr = await login(t.app, 'personale');
    const az = (await t.app.inject({ url: '/api/azienda', headers: hr.auth })).json();
    const logo = await storedBefore('logo.png', 'image/png', pngGarbage(), null);
    expect((await t.app.inject({ method: 'POST', url: '/api/azienda', headers: hr.auth, payload: { ...az, logo_file_id: logo } })).statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/api/user/profile', headers: mario.auth })).json();
    const pdfOf = () => t.app.inject({ url: `/api/cartellino/pdf?dipendente=${me.dipendente.id}&mese=${localNow('Europe/Rome').data.slice(0, 7)}`, headers: mario.auth });
    const r = await pdfOf();
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    // a logo as large as a photo is refused as a logo: it would be decoded for every printout
    const huge = (await upload(hr, 'logo.png', pngBlack(5000, 1000), 'image/png')).json().data;
    const refused = await t.app.inject({ method: 'POST', url: '/api/azienda', headers: hr.auth, payload: { ...az, logo_file_id: huge.id } });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({ message: 'avvisi.immagine_troppo_grande', params: { lato: 4096, megapixel: 4, fields: { logo_file_id: 'avvisi.immagine_troppo_grande' } } });
    await t.app.inject({ method: 'POST', url: '/api/azienda', headers: hr.auth, payload: az });
  });

  it('checks a DOCX template stored before the checks against the ZIP limits before reading it (verifica)', { timeout: 60_000 }, async () => {
    const hr = await login(t.app, 'personale');
    const bomb = await storedBefore('modello.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docxBomb(120), null);
    const r = await t.app.inject({ method: 'POST', url: '/api/contratti/modelli/verifica', headers: hr.auth, payload: { file_id: bomb } });
    expect(r.statusCode, r.body).toBe(413);
    expect(r.json()).toMatchObject({ message: 'avvisi.archivio_troppo_grande', params: { fields: { file_id: 'avvisi.archivio_troppo_grande' } } });
  });
});
