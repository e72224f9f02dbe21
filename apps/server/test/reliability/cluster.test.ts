/**
 * Cluster mode (TULIP_WORKERS=N, node:cluster): on PostgreSQL two workers share the port and both serve;
 * a worker killed mid-stream is replaced and its clients' retries land exactly once; SIGTERM on the
 * primary stops every worker gracefully (requests in flight answered). On PGlite N > 1 is refused.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countRows, expectExactlyOnce, makePunches, PunchRun, resend } from './punch-load';
import { alive, childEnv, cleanup, login, MAIN, pgSkip, pgTarget, request, ROOT, sleep, startServer, stopServer, targetEnv, waitFor, withTarget, type Server } from './support';

/** pids of the workers that reported "in ascolto", in order */
const workerPids = (srv: Server) =>
  srv.logs().filter((l) => typeof l.msg === 'string' && /in ascolto.*processo \d+/.test(l.msg)).map((l) => l.pid as number);

describe('cluster mode', () => {
  afterAll(cleanup);

  it('refuses TULIP_WORKERS > 1 on PGlite with a clear message', () => {
    const dir = path.join(os.tmpdir(), `tulip-rel-cluster-${process.pid}`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT, env: childEnv({ TULIP_WORKERS: '2', TULIP_DATA_DIR: dir, PORT: '0' }), encoding: 'utf8', timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/TULIP_WORKERS=2 richiede PostgreSQL \(DATABASE_URL\)/);
  });

  it.skipIf(pgSkip())('on PostgreSQL: 2 workers serve, a killed worker is replaced, SIGTERM stops all; punches exactly once', async () => {
    const target = await pgTarget();
    const before = await withTarget(target, countRows);
    const srv = await startServer({ ...targetEnv(target), TULIP_WORKERS: '2', TULIP_STOP_TIMEOUT: '60' }, { readyLog: /con 2 processi/ });
    await waitFor(() => workerPids(srv).length >= 2, 'both workers listening', srv);
    const first = workerPids(srv);
    expect(first).toHaveLength(2);
    expect(first).not.toContain(srv.proc.pid);

    const { punches } = await makePunches(srv.url, 160);
    let victim = 0;
    const run = new PunchRun(srv.url, (r) => {
      if (victim || r.acked.size < 50) return;
      victim = first[0];
      process.kill(victim, 'SIGKILL'); // the other worker goes on serving; the primary forks a new one
    });
    await run.run(punches, 8, { deadlineMs: 60_000, timeoutMs: 5000 });
    expect(victim).toBeGreaterThan(0);
    // the primary replaced the killed worker
    await waitFor(() => workerPids(srv).length >= 3, 'killed worker replaced', srv);
    const all = workerPids(srv);
    expect(all).toHaveLength(3);
    expect(alive(victim)).toBe(false);
    expect(srv.output()).toMatch(/terminato \(SIGKILL\): riavvio/);

    const resent = await resend(srv.url, punches, run.acked);
    // both workers answered requests (connections are dealt round-robin by the primary)
    const served = new Set(srv.logs().filter((l) => l.msg === 'request completed').map((l) => l.pid));
    expect(served.size).toBeGreaterThanOrEqual(2);

    // SIGTERM on the primary while slow uploads are in flight: all answered, every process gone
    const mario = await login(srv.url, 'mario.rossi');
    const received = () => srv.logs().filter((l) => l.msg === 'incoming request').length;
    const base = received();
    let signalled!: () => void;
    const hold = new Promise<void>((r) => (signalled = r));
    const slow = Array.from({ length: 4 }, (_, i) =>
      request(srv.url, 'PUT', '/api/timbrature', { token: mario, body: { verso: i % 2 ? 'U' : 'E', id_richiesta: randomUUID() }, hold }),
    );
    await waitFor(() => received() >= base + slow.length, 'slow uploads received', srv);
    const stop = stopServer(srv, 'SIGTERM', 90_000);
    await sleep(300);
    signalled(); // the rest of the bodies arrive while the workers are stopping
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await stop).toEqual({ code: 0, signal: null });
    expect(all.filter(alive)).toEqual([]);
    expect(srv.output()).toMatch(/SIGTERM: chiusura di 2 processi/);

    await withTarget(target, (db) => expectExactlyOnce(db, { punches: before.punches + slow.length, audits: before.audits }, punches, run.acked));
    console.log(
      `[cluster] 2 workers (pids ${first.join(', ')}), worker ${victim} killed after 50 acknowledged, replaced by ${all[2]}; ` +
        `${punches.length} punches, ${run.attempts} attempts (${run.failures} failed and retried: ${JSON.stringify(run.reasons)}), ${resent} sent again; ${served.size} processes served; SIGTERM stopped all, exit 0`,
    );
  });
});
