/**
 * Registers a route from its operation in the contract (packages/contract/src/operation.ts): method, path, declared
 * access, summary, input schemas and response schemas all come from there. The answer goes out through the response
 * schema of its status, which drops whatever the schema does not name: a column is never leaked by accident.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Operation, OpRequest, OpResult } from '@tulip/contract';
import type { Db } from './db';
import { recordAnswer, withIdempotency } from './idempotency';

/** The database the idempotency keys are kept in (platform/idempotency.ts), given to the app once by buildApp. */
export function useIdempotencyStore(app: FastifyInstance, db: Db) {
  app.decorate('idempotencyDb', db);
}

export type OpHandler<O extends Operation> = (req: FastifyRequest & OpRequest<O>, reply: FastifyReply) => Promise<OpResult<O> | FastifyReply>;

/** `extra`: what a route adds to Fastify's options beyond the operation (an onSend hook, say). */
export function route<O extends Operation>(app: FastifyInstance, op: O, handler: OpHandler<O>, extra: Pick<RouteShorthandOptions, 'onSend' | 'bodyLimit'> = {}): void {
  const response: Record<string, unknown> = {}; // keys from code: the operation's status codes
  for (const [status, schema] of Object.entries(op.responses)) if (status !== 'file' && schema) response[status] = schema;
  // every create and action may carry an idempotency key: a repeat gets the first answer (issue #27 §4)
  const db = (app as unknown as { idempotencyDb?: Db }).idempotencyDb;
  const idempotent = db && op.method !== 'GET' ? withIdempotency(op, db, handler as never) : handler;
  const onSend = db && idempotent !== handler
    ? [
        ...[extra.onSend ?? []].flat(),
        async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          await recordAnswer(db, req, reply, payload);
          return payload;
        },
      ]
    : extra.onSend;
  app.route({
    ...extra,
    ...(onSend ? { onSend: onSend as never } : {}),
    method: op.method,
    url: op.path,
    config: { access: op.access },
    schema: {
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      ...(op.consumes ? { consumes: op.consumes } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
    handler: idempotent as never,
  });
}

/**
 * Sends an answer the module already wrote as JSON, text or bytes: for a report of thousands of rows, where parsing
 * objects through the response schema and serialising them cost more than the queries. It skips the schema, so the
 * module writes exactly the schema's fields and its test compares the text with the schema's serialisation of the same
 * rows. Text goes out as bytes encoded once: Fastify would otherwise measure its UTF-8 length and the socket encode it
 * again, two walks of a string of megabytes (issue #30).
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(typeof json === 'string' ? Buffer.from(json) : json);
}

/** Registers a module's operations, each with its handler: the map's keys must match, so none is forgotten. */
export function routes<T extends Record<string, Operation>>(app: FastifyInstance, ops: T, handlers: { [K in keyof T]: OpHandler<T[K]> }): void {
  for (const name of Object.keys(ops) as (keyof T)[]) route(app, ops[name], handlers[name]);
}

/** Some operations of a module's map (another module serves them), or the map without them. */
export function pickOps<T extends Record<string, Operation>, K extends keyof T>(ops: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, ops[k]])) as Pick<T, K>;
}
export function omitOps<T extends Record<string, Operation>, K extends keyof T>(ops: T, keys: readonly K[]): Omit<T, K> {
  return Object.fromEntries(Object.entries(ops).filter(([k]) => !keys.includes(k as K))) as Omit<T, K>;
}
