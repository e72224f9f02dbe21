/**
 * Clients clocking in through PUT /api/timbrature, each punch with its own id_richiesta, retrying every
 * punch that was not acknowledged (same id, same body) until it is; then the database is checked:
 * every punch stored exactly once, every acknowledgement pointing at the stored row.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/platform/db';
import { login, request, romeTime, rowsOf, sleep, type Reply } from './support';

export type Punch = { id: string; token: string; body: Record<string, unknown>; manual: boolean };
type Row = { id: number; ts: string; id_richiesta: string; dipendente_id: number; verso: string };

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * `n` punches: a quarter by three employees for themselves (server time), the rest entered by the
 * administrator for active employees at a time of today (manual, with a reason and an audit record).
 */
export async function makePunches(base: string, n: number): Promise<{ punches: Punch[]; admin: string }> {
  const admin = await login(base, 'admin');
  const own = await Promise.all(['mario.rossi', 'laura.bianchi', 'personale'].map((u) => login(base, u)));
  const today = romeTime().slice(0, 10);
  const staff = await activeStaff(base, admin);
  const punches: Punch[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const verso = i % 2 ? 'U' : 'E';
    if (i % 4 === 0) {
      punches.push({ id, token: own[(i / 4) % 3], manual: false, body: { verso, id_richiesta: id, fonte: 'mobile', lat: 44.4949, lon: 11.3426 } });
    } else {
      let ts = romeTime(5 + (i % 600));
      if (ts.slice(0, 10) !== today) ts = `${today}T00:00:00`;
      const dip = staff[i % staff.length].id;
      punches.push({ id, token: admin, manual: true, body: { dipendente_id: dip, ts, verso, motivo: 'Prova di affidabilità', id_richiesta: id } });
    }
  }
  return { punches, admin };
}

/** Employees in service today (a punch for anyone else is refused). */
export async function activeStaff(base: string, admin: string): Promise<{ id: number }[]> {
  const today = romeTime().slice(0, 10);
  const staff = ((await request(base, 'GET', '/api/dipendenti?size=100', { token: admin })).json().rows as {
    id: number; data_assunzione: string; data_cessazione: string | null;
  }[]).filter((d) => d.data_assunzione <= today && (!d.data_cessazione || d.data_cessazione >= today));
  expect(staff.length).toBeGreaterThan(10);
  return staff;
}

export class PunchRun {
  readonly acked = new Map<string, Row>();
  attempts = 0;
  failures = 0;
  readonly reasons: Record<string, number> = {};
  inflight = 0;
  /** 503 answers (busy, or the database unreachable), each retried */
  unavailable = 0;
  private gate: Promise<void> = Promise.resolve();
  private release = () => {};

  constructor(
    private base: string,
    private onAck: (run: PunchRun) => void = () => {},
  ) {}

  private error: unknown;

  /** Requests wait (after their current attempt fails) until open() */
  close() {
    this.gate = new Promise((r) => (this.release = r));
  }

  open() {
    this.release();
  }

  /** Stops every client with this error (a failed restart must not leave them waiting). */
  fail(err: unknown) {
    this.error ??= err;
    this.release();
  }

  /** `clients` concurrent clients share the punches; each sends its own one after the other. */
  async run(punches: Punch[], clients: number, opts: { deadlineMs?: number; timeoutMs?: number } = {}) {
    const { deadlineMs = 120_000, timeoutMs = 10_000 } = opts;
    const deadline = performance.now() + deadlineMs;
    const queues = Array.from({ length: clients }, (_, c) => punches.filter((_, i) => i % clients === c));
    await Promise.all(
      queues.map(async (queue) => {
        for (const p of queue) {
          for (;;) {
            if (performance.now() > deadline) throw new Error(`punch ${p.id} not acknowledged in ${deadlineMs} ms`);
            await this.gate;
            if (this.error) throw this.error;
            this.attempts++;
            this.inflight++;
            let r: Reply | undefined;
            try {
              // a client gives up on a reply after a while (and retries): in cluster mode a connection being
              // handed to a worker that dies is never answered (node:cluster's round-robin keeps it)
              r = await request(this.base, 'PUT', '/api/timbrature', { token: p.token, body: p.body, timeoutMs });
            } catch (err) {
              this.failures++; // refused, reset, cut: not acknowledged, try again
              const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
              this.reasons[why] = (this.reasons[why] ?? 0) + 1;
            } finally {
              this.inflight--;
            }
            if (!r || r.status === 503) {
              if (r) {
                this.unavailable++;
                expect(r.headers['retry-after'], 'a 503 says when to come back').toMatch(/^\d+$/);
              }
              await sleep(50);
              continue;
            }
            if (r.status !== 201) throw new Error(`punch ${p.id}: ${r.status} ${r.text}`);
            this.acked.set(p.id, r.json().data);
            this.onAck(this);
            break;
          }
        }
      }),
    );
  }
}

/**
 * Every acknowledged punch is in the running server, as acknowledged (same row id, same time). Answers
 * how many of `sent` are stored without having been acknowledged (committed, then the reply was lost).
 */
export async function expectAckedPresent(base: string, admin: string, acked: Map<string, Row>, sent: Punch[] = []): Promise<number> {
  const today = romeTime().slice(0, 10);
  const r = await request(base, 'GET', `/api/timbrature?dal=${addDays(today, -1)}&al=${addDays(today, 1)}`, { token: admin });
  expect(r.status).toBe(200);
  const stored = new Map((r.json().rows as Row[]).map((row) => [row.id_richiesta, row]));
  const missing = [...acked.keys()].filter((id) => !stored.has(id));
  expect(missing, 'acknowledged punches missing after the restart').toEqual([]);
  for (const [id, row] of acked) expect({ id: stored.get(id)!.id, ts: stored.get(id)!.ts }).toEqual({ id: row.id, ts: row.ts });
  return sent.filter((p) => stored.has(p.id) && !acked.has(p.id)).length;
}

/** Acknowledged punches sent again: the same answer (same row), never a second punch; a different body under a used id: 409. */
export async function resend(base: string, punches: Punch[], acked: Map<string, Row>, share = 0.25) {
  const again = punches.filter((_, i) => i % Math.round(1 / share) === 0);
  for (let i = 0; i < again.length; i += 8) {
    await Promise.all(
      again.slice(i, i + 8).map(async (p) => {
        const r = await request(base, 'PUT', '/api/timbrature', { token: p.token, body: p.body });
        expect(r.status).toBe(201);
        expect(r.json().data).toEqual(acked.get(p.id));
      }),
    );
  }
  for (const p of punches.slice(0, 3)) {
    const r = await request(base, 'PUT', '/api/timbrature', { token: p.token, body: { ...p.body, verso: p.body.verso === 'E' ? 'U' : 'E' } });
    expect(r.status).toBe(409);
  }
  return again.length;
}

export async function countRows(db: Db) {
  const [r] = await rowsOf<{ punches: number; audits: number }>(
    db,
    sql`select (select count(*)::int from timbrature) as punches, (select count(*)::int from audit_log where entita = 'timbrature') as audits`,
  );
  return r;
}

/** In the database: each punch once, under the row acknowledged to its client; nothing else added; one audit per manual punch. */
export async function expectExactlyOnce(db: Db, before: { punches: number; audits: number }, punches: Punch[], acked: Map<string, Row>) {
  const ids = punches.map((p) => p.id);
  const rows = await rowsOf<{ id_richiesta: string; n: number; id: string }>(
    db,
    sql`select id_richiesta::text as id_richiesta, count(*)::int as n, min(id)::text as id from timbrature
        where id_richiesta = any(${`{${ids.join(',')}}`}::uuid[]) group by id_richiesta`,
  );
  expect(rows.length).toBe(punches.length);
  expect(rows.filter((r) => r.n !== 1)).toEqual([]);
  const byId = new Map(rows.map((r) => [r.id_richiesta, Number(r.id)]));
  expect(punches.filter((p) => byId.get(p.id) !== acked.get(p.id)?.id).map((p) => p.id)).toEqual([]);
  const after = await countRows(db);
  const manual = punches.filter((p) => p.manual);
  expect(after).toEqual({ punches: before.punches + punches.length, audits: before.audits + manual.length });
  const audits = await rowsOf<{ entita_id: string; n: number }>(
    db,
    sql`select entita_id, count(*)::int as n from audit_log where entita = 'timbrature' and azione = 'inserimento_manuale'
        and entita_id = any(${`{${manual.map((p) => acked.get(p.id)!.id).join(',')}}`}::text[]) group by entita_id`,
  );
  expect(audits.length).toBe(manual.length);
  expect(audits.every((a) => a.n === 1)).toBe(true);
  const [dup] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from timbrature group by id_richiesta having count(*) > 1) d`);
  expect(dup.n).toBe(0);
}
