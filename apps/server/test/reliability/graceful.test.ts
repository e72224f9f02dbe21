/**
 * Graceful stop on SIGTERM (PGlite): requests in flight (slow uploads, heavy reads, a burst of punches, a
 * keep-alive connection) all finish with 2xx, the database is closed, the process exits 0, and the same
 * data folder opens again with the data. A request that never ends cannot keep the process alive: after
 * TULIP_STOP_TIMEOUT the stop is forced (exit 1) and the folder still opens.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { activeStaff } from './punch-load';
import { cleanup, login, pgliteTarget, request, romeTime, rowsOf, sleep, startServer, stopServer, targetEnv, waitFor, withTarget, type Reply } from './support';

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('graceful stop on SIGTERM', () => {
  afterAll(cleanup);

  it('finishes the requests in flight, closes the database, and the data folder opens again', async () => {
    const target = await pgliteTarget();
    const env = targetEnv(target);
    // generous: on a busy 2-core machine the heavy reads below may take a while
    const srv = await startServer({ ...env, TULIP_STOP_TIMEOUT: '90' });
    const [admin, mario] = [await login(srv.url, 'admin'), await login(srv.url, 'mario.rossi')];
    const today = romeTime().slice(0, 10);
    const staff = await activeStaff(srv.url, admin);
    const keepAlive = new http.Agent({ keepAlive: true });

    const received = () => srv.output().split('\n').filter((l) => l.includes('"msg":"incoming request"')).length;
    const before = received();
    // the uploads send half their body, the rest only once SIGTERM has been sent: in flight by construction
    let signalled!: () => void;
    const hold = new Promise<void>((r) => (signalled = r));
    const slowIds = [randomUUID(), randomUUID()];
    const burstIds = Array.from({ length: 12 }, () => randomUUID());
    const inFlight: Promise<Reply>[] = [
      // slow clients (mobile, bad network)
      ...slowIds.map((id, i) =>
        request(srv.url, 'PUT', '/api/timbrature', { token: mario, body: { verso: i ? 'U' : 'E', id_richiesta: id, fonte: 'mobile' }, hold }),
      ),
      // heavy reads: every anomaly of three months, every punch of two months (on a keep-alive connection)
      request(srv.url, 'GET', `/api/timbrature/anomalie?dal=${addDays(today, -85)}&al=${today}`, { token: admin }),
      request(srv.url, 'GET', `/api/timbrature?dal=${addDays(today, -60)}&al=${today}`, { token: admin, agent: keepAlive }),
      // a burst of punches, slow too
      ...burstIds.map((id, i) =>
        request(srv.url, 'PUT', '/api/timbrature', {
          token: admin,
          body: { dipendente_id: staff[i].id, ts: romeTime(30), verso: 'E', motivo: 'Arresto ordinato', id_richiesta: id },
          hold: hold.then(() => sleep(i * 50)),
        }),
      ),
    ];
    let replied = 0;
    for (const p of inFlight) void p.then(() => replied++, () => undefined);
    // SIGTERM once the server has received every request (a connection still in the kernel's backlog
    // when the server stops listening is refused: the client sees a reset and retries, like any refusal)
    await waitFor(() => received() >= before + inFlight.length, 'requests received', srv);
    srv.proc.kill('SIGTERM');
    const pending = inFlight.length - replied;
    await sleep(200);
    signalled();
    const replies = await Promise.all(inFlight);
    console.log(`[graceful] SIGTERM with ${pending} of ${inFlight.length} requests in flight; all answered, exit 0`);
    expect(pending).toBeGreaterThanOrEqual(slowIds.length + burstIds.length); // at least the uploads
    expect(replies.map((r) => r.status)).toEqual([201, 201, 200, 200, ...burstIds.map(() => 201)]);
    expect(await srv.exited).toEqual({ code: 0, signal: null });
    keepAlive.destroy();
    expect(srv.output()).toMatch(/SIGTERM: chiusura in corso/);
    expect(srv.output()).toMatch(/chiusura completata/);
    expect(fs.existsSync(path.join(target.dir, 'pglite.lock')), 'lock released').toBe(false);
    await expect(request(srv.url, 'GET', '/api/server/version')).rejects.toThrow();

    // started again on the same folder: the punches acknowledged by the stopped server are there
    const srv2 = await startServer({ ...env, TULIP_STOP_TIMEOUT: '2' });
    const rows = (await request(srv2.url, 'GET', `/api/timbrature?dal=${addDays(today, -1)}&al=${addDays(today, 1)}`, { token: admin })).json().rows as {
      id_richiesta: string;
    }[];
    const stored = new Set(rows.map((r) => r.id_richiesta));
    expect([...slowIds, ...burstIds].filter((id) => !stored.has(id))).toEqual([]);

    // a client that never finishes its request: the stop is forced after TULIP_STOP_TIMEOUT
    let stalled!: () => void;
    const stalling = new Promise<void>((r) => (stalled = r));
    const stuck = request(srv2.url, 'PUT', '/api/timbrature', { token: mario, body: { verso: 'E', id_richiesta: randomUUID() }, stall: true, onSent: stalled });
    stuck.catch(() => undefined);
    await stalling;
    await sleep(200);
    const stopAt = performance.now();
    expect(await stopServer(srv2, 'SIGTERM', 60_000)).toEqual({ code: 1, signal: null });
    expect(performance.now() - stopAt).toBeGreaterThanOrEqual(1900);
    expect(srv2.output()).toMatch(/chiusura forzata/);
    await expect(stuck).rejects.toThrow();

    // and the folder still opens, with the data
    const n = await withTarget(target, (db) =>
      rowsOf<{ n: number }>(db, sql`select count(*)::int as n from timbrature where id_richiesta = any(${`{${[...slowIds, ...burstIds].join(',')}}`}::uuid[])`),
    );
    expect(n).toEqual([{ n: slowIds.length + burstIds.length }]);
  });
});
