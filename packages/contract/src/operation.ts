/**
 * The wire, written once (issue #13): an operation is one call of the API, with its method, path, declared access,
 * Italian summary, input schemas and **response schemas**. The server registers its route from it
 * (apps/server/src/platform/operation.ts) and sends every answer through the response schema, so a column the schema
 * does not name never leaves the server; the web calls it through one typed client (apps/web/src/platform/api.ts),
 * which takes its path and its types from the same object; the OpenAPI document shows the same schemas.
 */
import { z } from 'zod';
import type { TScope } from './schemas/common';

/**
 * Who may call an operation (checked by the server's guard before the body is read):
 *   { public: true }                 anyone
 *   { token: 'u' | 'r' | 'reset' | 'email' | 'mfa' | 'mfa_enrol' } a bearer token of that kind (checked by the handler)
 *   { auth: true }                   any logged-in user
 *   { routes: [...], scopes? }       a user whose active profile grants one of these route names (and scope)
 */
export type Access =
  | { public: true }
  | { token: 'u' | 'r' | 'reset' | 'email' | 'mfa' | 'mfa_enrol' }
  | { auth: true }
  /** `lookup: 'auth'`: the lookup variant (X-HTTP-Method-Override: lookup) is open to any logged-in user. */
  | { routes: string[]; scopes?: TScope[]; lookup?: 'auth' };

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** What a successful call answers: a JSON body by its schema, no body (204), a redirect (302), or a file (PDF, Excel). */
/** `302`: a redirect to the `Location` header, no body (a browser's navigation, e.g. single sign-on). */
/** `304`: the copy the client named by its `ETag` (If-None-Match) is current, no body. */
export type Responses = { 200?: z.ZodType; 201?: z.ZodType; 204?: null; 302?: null; 304?: null; file?: string };

export type Operation = {
  method: Method;
  /** Fastify's form: `/api/timbrature/:id`. */
  path: string;
  /** Italian, for the API document. */
  summary: string;
  /** More words for the API document, when the summary is not enough. */
  description?: string;
  /** The API document's group: the module's name. */
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Content types of the body other than JSON (the file upload's multipart). */
  consumes?: string[];
  responses: Responses;
  /**
   * 'own': the module keeps exactly-once on the body's `id_richiesta` in its own transaction (the punches), so the
   * platform's idempotency (Idempotency-Key, apps/server/src/platform/idempotency.ts) leaves it alone.
   */
  idempotency?: 'own';
};

/** Keeps the literal types of an operation, so the server's handler and the web's client are typed from it. */
export const defineOperation = <const O extends Operation>(op: O): O => op;

/** The same for a module's operations: `{ name: op }`, each checked against Operation. */
export const defineOperations = <const T extends Record<string, Operation>>(ops: T): T => ops;

// ---- answers ---------------------------------------------------------------------------------------------------

/** `{ message, params }` of a write, the spec's answer (SPEC §8): `message` is a translation key. */
export const ZMessaggio = z.object({ message: z.string(), params: z.record(z.string(), z.unknown()).optional() });

/** `{ message, params?, data }` of a create or an update that gives the stored record back. */
export const zAnswer = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), params: z.record(z.string(), z.unknown()).optional(), data });

/** `{ rows, total }` of a list. */
export const zRows = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });


// ---- types of one call ------------------------------------------------------------------------------------------

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller gives: `params`, `query` and `body` as the operation's schemas take them. */
export type OpInput<O extends Operation> = (O['params'] extends z.ZodType ? { params: In<O['params']> } : { params?: undefined }) &
  (O['query'] extends z.ZodType ? { query: In<O['query']> } : { query?: undefined }) &
  (O['body'] extends z.ZodType ? { body: In<O['body']> } : { body?: undefined });

/** What a caller gets back from a successful call (null for a 204, and for a 304 when it sent If-None-Match). */
export type OpResult<O extends Operation> =
  | Out<O['responses'][200]>
  | Out<O['responses'][201]>
  | (O['responses'] extends { 204: null } ? null : never)
  | (O['responses'] extends { 304: null } ? null : never);

/** What the server's handler has already validated: params, query and body as the schemas give them. */
export type OpRequest<O extends Operation> = {
  params: O['params'] extends z.ZodType ? z.output<O['params']> : Record<string, never>;
  query: O['query'] extends z.ZodType ? z.output<O['query']> : Record<string, never>;
  body: O['body'] extends z.ZodType ? z.output<O['body']> : undefined;
};

/** The path of one call: `/api/timbrature/:id` with `{ id: 7 }` gives `/api/timbrature/7`, each value encoded. */
export { pathOf } from './path';

/**
 * A map keyed by data (a leave type's code, a translation group): each value checked, the object itself passed on
 * untouched. Not `z.record`, which copies into a plain object and so loses a key named `__proto__` (issue #11:
 * such codes are served as plain data).
 */
export const zDict = <T extends z.ZodType>(value: T) =>
  z.custom<Record<string, z.output<T>>>(
    (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every((x) => value.safeParse(x).success),
    { message: 'avvisi.valore_non_valido' },
  );
