/**
 * A database restart under load (issue #27 §1): PostgreSQL is restarted (`pg_ctl restart -m fast`, every session cut)
 * while clients punch and add expense lines, with one server process and with two cluster workers. No process
 * exits; while the database is away the API answers 503 with Retry-After (never 500); /api/server/health says so and
 * answers 200 again once it is back; every acknowledged punch and expense line is stored exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startPostgres, type PgCluster } from '../../../../test/support/postgres';
import { openDb } from '../../src/platform/db';
import { countRows, expectExactlyOnce, makePunches, PunchRun } from './punch-load';
import { cleanup, login, pgSkip, request, romeTime, rowsOf, sleep, startServer, waitFor, type Server } from './support';

/** pids of the cluster workers that reported "in ascolto", in order */
const workerPids = (srv: Server) =>
  srv.logs().filter((l) => typeof l.msg === 'string' && /in ascolto.*processo \d+/.test(l.msg)).map((l) => l.pid as number);

/**
 * Clients adding expense lines to one note each, one after the other. A line refused (503) or cut is sent again as a
 * new line, as a user would after an error: the stored lines are the acknowledged ones, each once (plus, at most, one
 * whose commit landed while its answer was lost: counted, never more than the failed attempts).
 */
class ExpenseRun {
  readonly acked = new Set<string>();
  attempts = 0;
  failed = 0;
  unavailable = 0;
  constructor(
    private base: string,
    private token: string,
    private note: number,
  ) {}

  async run(lines: number, clients: number, day: string) {
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < lines) {
          next++;
          for (;;) {
            const tag = `riavvio-${this.attempts++}`;
            let r;
            try {
              r = await request(this.base, 'PUT', `/api/notaspese/${this.note}/righe`, {
                token: this.token, timeoutMs: 10_000,
                body: { data: day, tipo_spesa: 'PEDAGGIO', importo: 250, valuta: 'EUR', tipo_pagamento: 'CARTA_PERSONALE', documentata: true, descrizione: tag },
              });
            } catch {
              this.failed++;
              await sleep(50);
              continue;
            }
            if (r.status === 503) {
              this.unavailable++;
              this.failed++;
              expect(r.headers['retry-after']).toMatch(/^\d+$/);
              expect(r.json().message).toBe('avvisi.database_non_disponibile');
              await sleep(50);
              continue;
            }
            expect(r.status, r.text).toBe(201);
            this.acked.add(tag);
            break;
          }
        }
      }),
    );
  }
}

describe.skipIf(pgSkip())('PostgreSQL restarted under load', () => {
  let pg: PgCluster;

  beforeAll(async () => {
    // a cluster of its own: the restart must not cut the other suites' databases
    pg = (await startPostgres())!;
  });
  afterAll(async () => {
    await cleanup();
    pg?.stop();
  });

  for (const workers of [1, 2]) {
    it(`with ${workers === 1 ? 'one process' : `${workers} cluster workers`}: no process exits, 503 while it is away, every acknowledged write once`, async () => {
      const name = `riavvio_${workers}`;
      const admin = await import('pg');
      const c = new admin.default.Client({ connectionString: pg.url() });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      const url = pg.url(name);
      // the server migrates and seeds the demo company itself
      const srv = await startServer(
        { DATABASE_URL: url, TULIP_WORKERS: String(workers), TULIP_DATA_DIR: '/nonexistent-tulip-data' },
        workers > 1 ? { readyLog: /con 2 processi/ } : {},
      );
      // each worker says it listens on its own output, which may arrive after the primary's "con 2 processi"
      if (workers > 1) await waitFor(() => workerPids(srv).length >= workers, 'every worker listening', srv);
      const pidsBefore = workers > 1 ? workerPids(srv) : [srv.proc.pid!];
      expect(pidsBefore).toHaveLength(workers);

      const before = await (async () => {
        const h = await openDb({ databaseUrl: url, poolMax: 1 });
        try {
          return await countRows(h.db);
        } finally {
          await h.close();
        }
      })();
      const { punches } = await makePunches(srv.url, 200);
      const mario = await login(srv.url, 'mario.rossi');
      const note = await request(srv.url, 'PUT', '/api/notaspese', { token: mario, body: { descrizione: 'Pedaggi durante il riavvio' } });
      expect(note.status, note.text).toBe(201);
      const expenses = new ExpenseRun(srv.url, mario, note.json().data.id);

      // the health check, polled all along: what a load balancer sees
      const health: { status: number; retryAfter?: string }[] = [];
      let polling = true;
      const poll = (async () => {
        while (polling) {
          try {
            const r = await request(srv.url, 'GET', '/api/server/health', { timeoutMs: 5000 });
            health.push({ status: r.status, retryAfter: r.headers['retry-after'] as string | undefined });
          } catch {
            health.push({ status: 0 });
          }
          await sleep(50);
        }
      })();

      let restarted: Promise<{ back: number; healthy: number }> | undefined;
      const run = new PunchRun(srv.url, (r) => {
        if (restarted || r.acked.size < 40) return;
        restarted = (async () => {
          const t0 = performance.now();
          await pg.restart();
          const back = performance.now();
          // the first 200 of the health check after the database accepts connections again
          for (;;) {
            const r = await request(srv.url, 'GET', '/api/server/health', { timeoutMs: 5000 }).catch(() => null);
            if (r?.status === 200) break;
            await sleep(20);
          }
          return { back: back - t0, healthy: performance.now() - back };
        })();
      });
      await Promise.all([
        run.run(punches, 8, { deadlineMs: 120_000, timeoutMs: 10_000 }),
        expenses.run(60, 2, romeTime().slice(0, 10)),
      ]);
      expect(restarted, 'the database was restarted mid-load').toBeDefined();
      const { back, healthy } = await restarted!;
      polling = false;
      await poll;

      // no process died: the same one (or the same two workers) served from start to end
      expect(srv.proc.exitCode).toBeNull();
      if (workers > 1) {
        expect(workerPids(srv)).toEqual(pidsBefore);
        expect(srv.output()).not.toMatch(/terminato \(/);
      }
      expect(srv.output()).not.toMatch(/Unhandled 'error' event|unhandled error/);
      // the outage was seen, and only as 503 with Retry-After
      expect(run.unavailable + expenses.unavailable, 'requests met the outage').toBeGreaterThan(0);
      const down = health.filter((h) => h.status !== 200);
      expect(down.length, 'the health check saw the outage').toBeGreaterThan(0);
      expect(down.every((h) => h.status === 503 && /^\d+$/.test(h.retryAfter ?? ''))).toBe(true);
      expect(health.at(-1)!.status).toBe(200);
      // service again within 2 s of the database's return (measured, with room for a busy machine)
      expect(healthy).toBeLessThan(5000);

      const h = await openDb({ databaseUrl: url, poolMax: 1 });
      try {
        await expectExactlyOnce(h.db, before, punches, run.acked);
        const stored = await rowsOf<{ descrizione: string; n: number }>(
          h.db,
          sql`select descrizione, count(*)::int as n from spese_righe where nota_id = ${note.json().data.id} group by descrizione`,
        );
        const byTag = new Map(stored.map((s) => [s.descrizione, s.n]));
        expect([...expenses.acked].filter((t) => byTag.get(t) !== 1), 'acknowledged lines stored once').toEqual([]);
        const extra = stored.filter((s) => !expenses.acked.has(s.descrizione));
        expect(extra.every((s) => s.n === 1)).toBe(true);
        expect(extra.length).toBeLessThanOrEqual(expenses.failed);
        console.log(
          `[pg-restart] ${workers} process(es): restart took ${Math.round(back)} ms, health 200 again ${Math.round(healthy)} ms after; ` +
            `${punches.length} punches (${run.unavailable} × 503, ${run.failures} cut), ${expenses.acked.size} expense lines ` +
            `(${expenses.unavailable} × 503, ${expenses.failed} failed attempts, ${extra.length} stored unacknowledged); ` +
            `health: ${down.length} × 503 of ${health.length}`,
        );
      } finally {
        await h.close();
      }
      srv.proc.kill('SIGTERM');
      await srv.exited;
    });
  }
});
