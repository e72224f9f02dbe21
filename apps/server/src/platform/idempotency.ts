/**
 * One idempotency discipline for every create and action (issue #27 §4). A client may send a key: the
 * `Idempotency-Key` header, or `id_richiesta` in the body where the operation's schema has it. Then:
 * - the key is recorded in the same transaction as the write (the first `db.transaction` the handler opens claims it),
 *   so the write and its key commit or vanish together, whichever process runs them;
 * - the answer is recorded after, and a repeat of the same request (concurrent, later, or from another process) gets
 *   that first answer, marked `Idempotent-Replayed: true`, and writes nothing;
 * - the same key with other content (method, path, parameters, body) is 409 `avvisi.chiave_riusata`.
 * A request without a key behaves as before. Operations that keep exactly-once on their own `id_richiesta` in their
 * own transaction (the punches: the hot path of a shift change) declare `idempotency: 'own'` and are left alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from '@tulip/contract';
import { now } from './clock';
import type { Db } from './db';
import { richiesteIdempotenti } from './db/tables';
import { AppError, pgCode, pgConstraint, PG_UNIQUE } from './errors';

type Claim = { utente: number; chiave: string; impronta: string; state: 'none' | 'pending' | 'done'; settle: () => void };
const requestClaim = new AsyncLocalStorage<Claim>();

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
/** How long a repeat waits for the first request's answer (another process still working on it). */
const WAIT_MS = 10_000;
/** Days a key is remembered. */
export const IDEMPOTENCY_DAYS = 3;

/** The request's key: the header, else the body's id_richiesta; 'invalid' for a header that is not a key. */
function keyOf(req: FastifyRequest): string | null | 'invalid' {
  const h = req.headers['idempotency-key'];
  if (typeof h === 'string') return KEY.test(h) ? h : 'invalid';
  if (Array.isArray(h)) return 'invalid';
  const body = req.body as { id_richiesta?: unknown } | null | undefined;
  return body && typeof body === 'object' && typeof body.id_richiesta === 'string' && KEY.test(body.id_richiesta) ? body.id_richiesta : null;
}

const fingerprint = (op: Operation, req: FastifyRequest) =>
  createHash('sha256').update(JSON.stringify([op.method, op.path, req.params ?? null, req.body ?? null])).digest('hex');

/**
 * Serializes the requests of one key in this process (a double click, a resend): the second starts when the first's
 * answer is recorded (or its connection is gone), and finds it.
 */
const running = new Map<string, Promise<void>>();
function queueFor(id: string): { turn: Promise<void>; done: () => void } {
  const before = running.get(id) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((r) => (done = r));
  const tail = before.then(() => mine);
  running.set(id, tail);
  void tail.then(() => {
    if (running.get(id) === tail) running.delete(id);
  });
  return { turn: before, done };
}

/**
 * Makes `db.transaction` claim the key of the request it runs for, inside that transaction: installed on every handle
 * by openDb. Nested transactions (savepoints) are the outer one's and claim nothing.
 */
export function claimKeysInTransactions(db: Db): Db {
  const original = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: never) => Promise<unknown>, config?: unknown) => {
    const claim = requestClaim.getStore();
    if (!claim || claim.state !== 'none') return original(fn as never, config as never);
    claim.state = 'pending';
    try {
      const out = await original(async (tx) => {
        await tx.insert(richiesteIdempotenti).values({ utente_id: claim.utente, chiave: claim.chiave, impronta: claim.impronta });
        return fn(tx as never);
      }, config as never);
      claim.state = 'done'; // committed with the write
      return out;
    } catch (err) {
      if (claim.state === 'pending') claim.state = 'none'; // rolled back with the write
      throw err;
    }
  }) as Db['transaction'];
  return db;
}

type Recorded = { impronta: string; stato_http: number | null; risposta: string | null };

async function recorded(db: Db, utente: number, chiave: string): Promise<Recorded | undefined> {
  const [row] = await db
    .select({ impronta: richiesteIdempotenti.impronta, stato_http: richiesteIdempotenti.stato_http, risposta: richiesteIdempotenti.risposta })
    .from(richiesteIdempotenti)
    .where(and(eq(richiesteIdempotenti.utente_id, utente), eq(richiesteIdempotenti.chiave, chiave)));
  return row;
}

/**
 * Sends the first answer again (true); or, while another process has not written it yet, waits for it a while; false
 * when there is none (the other attempt rolled back: this one runs). Never returns the reply itself: a reply is a
 * thenable, and awaiting it would wait for its own sending.
 */
async function replay(db: Db, reply: FastifyReply, utente: number, chiave: string, impronta: string, row: Recorded | undefined): Promise<boolean> {
  const deadline = performance.now() + WAIT_MS;
  while (row && row.stato_http === null && performance.now() < deadline) {
    // timer-wait: polls the row another process is about to complete
    await new Promise((r) => setTimeout(r, 50));
    row = await recorded(db, utente, chiave);
  }
  if (!row) return false;
  if (row.impronta !== impronta) throw new AppError(409, 'avvisi.chiave_riusata');
  // a write committed by a process that died before answering: done, but its answer is lost
  if (row.stato_http === null || row.risposta === null) throw new AppError(409, 'avvisi.richiesta_gia_eseguita');
  void reply.code(row.stato_http).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(row.risposta);
  return true;
}

/** Wraps an operation's handler with the discipline above; GETs and `idempotency: 'own'` operations go straight through. */
export function withIdempotency<H extends (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>>(op: Operation, db: Db, handler: H): H {
  if (op.method === 'GET' || op.idempotency === 'own' || op.consumes?.length) return handler;
  return (async (req: FastifyRequest, reply: FastifyReply) => {
    const chiave = keyOf(req);
    if (!chiave) return handler(req, reply);
    if (chiave === 'invalid') throw new AppError(400, 'avvisi.chiave_idempotenza_non_valida');
    const utente = req.user?.id ?? 0;
    const impronta = fingerprint(op, req);
    const { turn, done } = queueFor(`${utente}:${chiave}`);
    let handedOver = false;
    try {
      await turn;
      const first = await recorded(db, utente, chiave);
      if (first) {
        if (await replay(db, reply, utente, chiave, impronta, first)) return reply;
      }
      const claim: Claim = { utente, chiave, impronta, state: 'none', settle: done };
      (req as { idempotencyClaim?: Claim }).idempotencyClaim = claim;
      // the next request of this key waits until recordAnswer has written this one's answer (or the client left)
      reply.raw.once('close', done);
      handedOver = true;
      try {
        return await requestClaim.run(claim, () => handler(req, reply));
      } catch (err) {
        // the same key committed by another process meanwhile: this write rolled back, the first answer is the answer
        if (pgCode(err) === PG_UNIQUE && pgConstraint(err) === 'richieste_idempotenti_pk') {
          delete (req as { idempotencyClaim?: Claim }).idempotencyClaim;
          if (await replay(db, reply, utente, chiave, impronta, await recorded(db, utente, chiave))) return reply;
        }
        throw err;
      }
    } finally {
      if (!handedOver) done();
    }
  }) as H;
}

/**
 * onSend of a guarded route: records the answer of a request whose key was claimed with its write (or, for a handler
 * that wrote without a transaction, a successful answer now), so repeats get it.
 */
export async function recordAnswer(db: Db, req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const claim = (req as { idempotencyClaim?: Claim }).idempotencyClaim;
  if (!claim) return;
  try {
    await writeAnswer(db, claim, reply, payload);
  } finally {
    claim.settle();
  }
}

async function writeAnswer(db: Db, claim: Claim, reply: FastifyReply, payload: unknown) {
  const ok = reply.statusCode >= 200 && reply.statusCode < 300;
  const risposta = typeof payload === 'string' ? payload : payload == null ? '' : null;
  if (claim.state === 'done') {
    await db
      .update(richiesteIdempotenti)
      .set({ stato_http: reply.statusCode, risposta })
      .where(and(eq(richiesteIdempotenti.utente_id, claim.utente), eq(richiesteIdempotenti.chiave, claim.chiave)));
  } else if (ok) {
    await db
      .insert(richiesteIdempotenti)
      .values({ utente_id: claim.utente, chiave: claim.chiave, impronta: claim.impronta, stato_http: reply.statusCode, risposta })
      .onConflictDoNothing();
  }
}

/** The daily clean-up: keys older than IDEMPOTENCY_DAYS are forgotten. */
export async function forgetOldKeys(db: Db): Promise<number> {
  const limit = new Date(now().getTime() - IDEMPOTENCY_DAYS * 86_400_000);
  const r = await db.delete(richiesteIdempotenti).where(lt(richiesteIdempotenti.creata_il, limit)).returning({ c: sql`1` });
  return r.length;
}
