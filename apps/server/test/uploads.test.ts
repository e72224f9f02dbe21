/**
 * Uploads (issue #27 §3): a large upload is stored in blocks, one statement each, so that the embedded database keeps
 * answering other requests meanwhile; each user's uploads are limited in number and size (429 with Retry-After).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../src/platform/files';
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

  it.runIf(!process.env.DATABASE_URL)('answers a concurrent request while a 10 MB upload is stored on the embedded database', async () => {
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
});
