/**
 * Uploads on the embedded database (issue #27 §3): a large upload is stored in blocks, one statement each, so that the
 * server keeps answering other requests meanwhile.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, skipReason, type Session, type TestApp } from './harness';

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
    t = await makeTestApp();
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
});
