/**
 * Uploads (issue #27 §3): a large upload is stored in blocks, one statement each, so that the embedded database keeps
 * answering other requests meanwhile; each user's uploads are limited in number and size (429 with Retry-After).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { MODULES } from '../src/modules';
import { removeUnreferencedFiles, storeFile } from '../src/platform/files';
import { login, makeTestApp, skipReason, uploadFile, type Session, type TestApp } from './harness';

/** A request on a given agent; its answer (status, body) once fully arrived. */
function request(agent: http.Agent, port: number, opts: { method?: string; path: string; headers?: Record<string, string> }) {
  const req = http.request({ host: '127.0.0.1', port, agent, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
  });
  return { req, answered };
}

describe.skipIf(skipReason())('uploads', () => {
  let t: TestApp;
  let mario: Session;
  beforeAll(async () => {
    // limits low enough to reach in a few uploads
    t = await makeTestApp({ TULIP_UPLOAD_RATE: '3', TULIP_UPLOAD_QUOTA_MB: '12' });
    mario = await login(t.app, 'mario.rossi');
  });
  afterAll(async () => t?.close());

  it('answers a concurrent request while a 10 MB upload is stored on the embedded database', async (ctx) => {
    // PostgreSQL runs in its own process: only the embedded database shares the server's event loop
    if (t.handle.kind !== 'pglite') ctx.skip();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = `----tulip${randomBytes(8).toString('hex')}`;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(10 * 1024 * 1024 - 1024)]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // the second request goes on a connection already open, so that nothing but the server's event loop delays it
    const other = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const warm = request(other, port, { path: '/api/server/version' });
    warm.req.end();
    expect((await warm.answered).status).toBe(200);
    const order: string[] = [];
    // the other request is sent when the embedded database is handed the first statement carrying the file's bytes,
    // and the server's event loop then gets one turn to write it out: after that only the server's own work decides
    // which answer comes first
    const pglite = (t.handle as unknown as { pglite: { execProtocolStream: (m: Uint8Array, o?: unknown) => Promise<unknown> } }).pglite;
    const exec = pglite.execProtocolStream.bind(pglite);
    let version: Promise<unknown> | undefined;
    pglite.execProtocolStream = async (message, options) => {
      if (!version && message.length > 100_000) {
        const v = request(other, port, { path: '/api/server/version' });
        v.req.end();
        version = v.answered.then((r) => (order.push('version'), r));
        await new Promise<void>((go) => setImmediate(go));
      }
      return exec(message, options);
    };
    const up = request(new http.Agent(), port, { method: 'POST', path: '/api/file', headers: { ...mario.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    up.req.end(body);
    const u = await up.answered.then((r) => (order.push('upload'), r));
    const v = (await version) as { status: number };
    pglite.execProtocolStream = exec;
    other.destroy();
    expect(u.status, u.body).toBe(201);
    expect(v.status).toBe(200);
    expect(order).toEqual(['version', 'upload']);
  });

  const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 9)]);

  it('refuses a user\'s uploads past the rate with a 429 saying the limit and when to retry, and counts only uploads', async () => {
    const laura = await login(t.app, 'laura.bianchi');
    const me = (await t.app.inject({ url: '/api/user/profile', headers: laura.auth })).json();
    // files the server generates for her (a printout) count against no one
    for (let i = 0; i < 3; i++) await storeFile(t.handle.db, { nome: `verbale-${i}.pdf`, bytes: pdfOf(2000), utenteId: me.utente.id, kinds: ['pdf'] });
    for (let i = 0; i < 3; i++) expect((await uploadFile(t.app, laura.auth, `s${i}.pdf`, pdfOf(1000))).statusCode).toBe(201);
    const r = await uploadFile(t.app, laura.auth, 's3.pdf', pdfOf(1000));
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ message: 'avvisi.troppi_caricamenti', params: { limite: 3, minuti: 10 } });
    const retry = Number(r.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
    expect(r.json().params.attesa).toBe(Math.ceil(retry / 60));
    // someone else is not held back by her
    const hr = await login(t.app, 'admin');
    expect((await uploadFile(t.app, hr.auth, 'altro.pdf', pdfOf(1000))).statusCode).toBe(201);
  });

  it('refuses an upload past the daily quota with a 429 saying the quota and when it fits again', async () => {
    const personale = await login(t.app, 'personale');
    expect((await uploadFile(t.app, personale.auth, 'a.pdf', pdfOf(8 * 1024 * 1024))).statusCode).toBe(201);
    const r = await uploadFile(t.app, personale.auth, 'b.pdf', pdfOf(5 * 1024 * 1024));
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ message: 'avvisi.quota_caricamenti', params: { limite_mb: 12, caricati_mb: 8 } });
    const retry = Number(r.headers['retry-after']);
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
    // what still fits in the day is taken
    expect((await uploadFile(t.app, personale.auth, 'c.pdf', pdfOf(3 * 1024 * 1024))).statusCode).toBe(201);
  });

  it('removes, a day after, the files no record points at, with their contents; keeps every file a record points at', async () => {
    const db = t.handle.db;
    const hr = await login(t.app, 'admin');
    const rows = async <T,>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
    const me = (await t.app.inject({ url: '/api/user/profile', headers: hr.auth })).json();
    // stored as an upload would be (the route's limits are the other tests' business)
    const up = async (nome: string) => storeFile(db, { nome, bytes: nome.endsWith('.png') ? await QRCode.toBuffer(nome) : pdfOf(3000), utenteId: me.utente.id, upload: true });
    const orphan = await up('orfano.pdf');
    const fresh = await up('appena-caricato.pdf');
    const receipt = await up('scontrino.pdf');
    const signature = await up('firma-consegna.png');
    const logo = await up('logo.png');
    // the records point at them: an expense's receipt and a delivery's signature (foreign keys), the logo (a setting)
    const expense = await rows<{ id: number }>(sql`update spese_righe set file_id = ${receipt.id} where id = (select min(id) from spese_righe) returning id`);
    const delivery = await rows<{ id: number }>(sql`update dotazioni_consegne set firma_file_id = ${signature.id} where id = (select min(id) from dotazioni_consegne) returning id`);
    expect([expense.length, delivery.length]).toEqual([1, 1]);
    const az = (await t.app.inject({ url: '/api/azienda', headers: hr.auth })).json();
    expect((await t.app.inject({ method: 'POST', url: '/api/azienda', headers: hr.auth, payload: { ...az, logo_file_id: logo.id } })).statusCode).toBe(200);
    // a work report's signature and PDF (no foreign key), from the demo
    const reports = await rows<{ firma: string; pdf: string }>(sql`select firma_file_id as firma, pdf_file_id as pdf from rapportini where firma_file_id is not null`);
    expect(reports.length).toBeGreaterThan(0);
    // all but the fresh one stored two days ago; and blocks left by an upload cut short
    await db.execute(sql`update file set caricato_il = caricato_il - interval '2 days' where id <> ${fresh.id}`);
    await db.execute(sql`update file_contenuti set creato_il = creato_il - interval '2 days' where sha256 <> ${fresh.sha256}`);
    await db.execute(sql`update file_blocchi set creato_il = creato_il - interval '2 days' where sha256 <> ${fresh.sha256}`);
    await db.execute(sql`insert into file_blocchi (sha256, n, dati, creato_il) values (${'f'.repeat(64)}, 0, '\\x00', now() - interval '2 days')`);

    const removed = await removeUnreferencedFiles(db, MODULES.flatMap((m) => (m.fileRefs ? [m.fileRefs] : [])));
    expect(removed.file).toBeGreaterThanOrEqual(1);
    const ids = new Set((await rows<{ id: string }>(sql`select id from file`)).map((r) => r.id));
    expect(ids.has(orphan.id)).toBe(false);
    for (const kept of [fresh.id, receipt.id, signature.id, logo.id, ...reports.flatMap((r) => [r.firma, r.pdf])]) expect(ids.has(kept), kept).toBe(true);
    // the orphan's bytes went with it; the kept files still read back whole
    expect(await rows(sql`select 1 from file_contenuti where sha256 = ${orphan.sha256}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from file_blocchi where sha256 in (${orphan.sha256}, ${'f'.repeat(64)})`)).toHaveLength(0);
    expect(await rows(sql`select 1 from file f where not exists (select 1 from file_contenuti c where c.sha256 = f.sha256)`)).toHaveLength(0);
    expect((await t.app.inject({ url: `/api/file/${receipt.id}`, headers: hr.auth })).statusCode).toBe(200);
  });
});
