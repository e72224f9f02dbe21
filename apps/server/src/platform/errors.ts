/** The one error shape of the API: { message, params? } with a 4xx status (DESIGN §3). */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { FIELD_KEYS } from '@tulip/contract';

export class AppError extends Error {
  constructor(
    public status: number,
    message: string,
    public params?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (fields: Record<string, string>) => new AppError(400, 'avvisi.validation', { fields });
export const notFound = () => new AppError(404, 'avvisi.not_found');
export const forbidden = () => new AppError(403, 'avvisi.forbidden');
export const unauthorized = () => new AppError(401, 'avvisi.unauthorized');
export const conflict = (message = 'avvisi.conflict', params?: Record<string, unknown>) => new AppError(409, message, params);

type Issue = { code: string; path: PropertyKey[]; message: string; input?: unknown; keys?: string[]; origin?: string; minimum?: unknown; format?: string };

/** Maps zod issues to { field: translationKey }. */
export function fieldsFromIssues(issues: readonly Issue[]): Record<string, string> {
  // keyed by the request's own field names: no prototype for "__proto__" to reach
  const fields: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys ?? []) fields[base ? `${base}.${k}` : k] = FIELD_KEYS.unknownField;
      continue;
    }
    const key = base || '_';
    if (fields[key]) continue;
    fields[key] = keyOfIssue(issue);
  }
  return fields;
}

function keyOfIssue(issue: Issue): string {
  if (issue.message?.startsWith('avvisi.')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves `input` out of issues unless asked; its message says what was received
      return issue.input === undefined && /received undefined/.test(issue.message) ? FIELD_KEYS.required : FIELD_KEYS.invalid;
    case 'too_big':
      return issue.origin === 'string' ? FIELD_KEYS.tooLong : FIELD_KEYS.invalid;
    case 'too_small':
      return issue.origin === 'string' ? (issue.minimum === 1 ? FIELD_KEYS.required : FIELD_KEYS.tooShort) : FIELD_KEYS.invalid;
    case 'invalid_format':
      return issue.format === 'email' ? FIELD_KEYS.email : FIELD_KEYS.invalid;
    default:
      return FIELD_KEYS.invalid;
  }
}

/** Parses with a zod schema or throws the standard 400. */
export function parseOr400<S extends z.ZodTypeAny>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (!r.success) throw badRequest(fieldsFromIssues(r.error.issues as unknown as Issue[]));
  return r.data;
}

export const PG_UNIQUE = '23505';
const PG_FK = '23503';
// 22021: a NUL character in text, which PostgreSQL cannot store (plain-string fields let it through validation)
/** A deadlock (40P01) or a serialization failure (40001): the transaction is retried once (platform/db/locks.ts), then 409. */
export const PG_CONCURRENT = new Set(['40P01', '40001']);
const PG_CHECK = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '23502', '23514']);

/** An error and the errors it wraps (drizzle wraps the driver's, which may wrap a socket's), outermost first. */
function* causes(err: unknown, depth = 5): Generator<{ code?: unknown; message?: unknown; detail?: unknown; constraint?: unknown }> {
  let e: unknown = err;
  for (let i = 0; i < depth && e; i++) {
    yield e as object;
    e = (e as { cause?: unknown }).cause;
  }
}

export function pgCode(err: unknown): string | undefined {
  for (const e of causes(err, 4)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** The constraint a violation names (`richieste_idempotenti_pk`, say), or undefined. */
export function pgConstraint(err: unknown): string | undefined {
  for (const e of causes(err, 4)) if (typeof e.constraint === 'string') return e.constraint;
  return undefined;
}

/**
 * The columns a unique violation names, from PostgreSQL's detail "Key (matricola)=(009001) already exists.":
 * plain column names only (an expression index names none), so a duplicate can say which field it is (issue #12).
 */
function uniqueColumns(err: unknown): string[] {
  for (const e of causes(err, 4)) {
    const m = typeof e.detail === 'string' ? /^Key \(([^()]*)\)=/.exec(e.detail) : null;
    if (m) return m[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')).filter((c) => /^[a-z_][a-z0-9_]*$/.test(c));
  }
  return [];
}

/** 409 of a duplicate: the generic text, or with `context` the one naming the field, and the field's own error. */
export function duplicateAnswer(err: unknown) {
  const cols = uniqueColumns(err).filter((c) => c !== 'id');
  if (!cols.length) return { message: 'avvisi.conflict' };
  const fields: Record<string, string> = Object.create(null);
  for (const c of cols) fields[c] = 'avvisi.valore_duplicato';
  return { message: 'avvisi.conflict', params: { context: 'campo', campo: cols.join(', ').replace(/_/g, ' '), fields } };
}

/** Seconds a client is told to wait (Retry-After) while the database cannot be reached. */
export const DB_RETRY_AFTER_S = 2;

// PostgreSQL's classes for "the server is not there": 08 connection exception, 57P01-57P03 shut down by the
// administrator, crashed, starting up or shutting down, 53300 too many connections
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
// node's socket errors and node-postgres' own messages when the connection is refused, cut or never made
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ECONNABORTED']);
const PG_CLIENT_GONE = /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;

/**
 * Whether an error says that the database cannot be reached right now (restart, failover, network), rather than that
 * the request is wrong: the answer is then 503 with Retry-After, and a retry will succeed once it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const { code, message } of causes(err)) {
    if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || NET_UNAVAILABLE.has(code))) return true;
    if (typeof message === 'string' && PG_CLIENT_GONE.test(message)) return true;
  }
  return false;
}

export const databaseUnavailable = () => new AppError(503, 'avvisi.database_non_disponibile', { secondi: DB_RETRY_AFTER_S });

function sendAppError(reply: FastifyReply, err: AppError) {
  // busy (a full queue of password checks), the database away, or a limit (uploads): say when to come back
  if (err.status === 503) reply.header('retry-after', String(err.params?.secondi ?? 1));
  if (err.status === 429 && typeof err.params?.secondi === 'number') reply.header('retry-after', String(err.params.secondi));
  return reply.status(err.status).send(err.params ? { message: err.message, params: err.params } : { message: err.message });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { validation?: unknown }, req, reply) => {
    if (err instanceof AppError) return sendAppError(reply, err);
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { code: err.code, message: err.message } }, 'database non raggiungibile');
      return sendAppError(reply, databaseUnavailable());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // the type provider flattens each zod issue into { keyword, instancePath, message, params: rest }
      const issues = err.validation.map((v) => ({
        ...(v.params as object),
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
      })) as unknown as Issue[];
      return reply.status(400).send({ message: 'avvisi.validation', params: { fields: fieldsFromIssues(issues) } });
    }
    const code = pgCode(err);
    if (code === PG_UNIQUE) return reply.status(409).send(duplicateAnswer(err));
    if (code === PG_FK) return reply.status(409).send({ message: 'avvisi.in_use' });
    if (code && PG_CONCURRENT.has(code)) return reply.status(409).send({ message: 'avvisi.modifica_concorrente' });
    if (code && PG_CHECK.has(code)) return reply.status(400).send({ message: 'avvisi.validation', params: { fields: {} } });
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: 'avvisi.malformed_json' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: 'avvisi.payload_too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: 'avvisi.unsupported_media' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // framework 4xx (bad content length, prototype poisoning, ...): keep the status, never the internals
      return reply.status(err.statusCode).send({ message: err.statusCode === 413 ? 'avvisi.payload_too_large' : 'avvisi.request_error' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'avvisi.server_error' });
  });
}
