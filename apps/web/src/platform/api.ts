/**
 * The typed client of the API (issue #13): every call names an operation of the contract
 * (packages/contract/src/ops), which gives its method, its path and the types of what goes and comes back. No screen
 * spells a path or writes an answer's type by hand. Tokens, renewal and notifications are the HTTP client's
 * (platform/http.ts).
 */
import { type Operation, type OpInput, type OpResult, type Resource, type ResourceRow } from '@tulip/contract';
import { pathOf } from '@tulip/contract/wire';
import { request, type FileAnswer, type RequestOptions } from './http';

type CallOptions = Omit<RequestOptions, 'query' | 'body' | 'responseType'>;
/** The input may be left out when the operation takes none. */
type Args<O extends Operation> = object extends OpInput<O> ? [input?: OpInput<O>, opts?: CallOptions] : [input: OpInput<O>, opts?: CallOptions];

type Query = RequestOptions['query'];

function send<T>(op: Operation, input: { params?: unknown; query?: unknown; body?: unknown } | undefined, opts: RequestOptions): Promise<T> {
  const path = pathOf(op, input?.params as Record<string, unknown> | undefined);
  return request<T>(op.method, path, { ...opts, query: input?.query as Query, body: input?.body });
}

/** Calls an operation and gives back its answer, typed by the operation's response schema. */
export function call<O extends Operation>(op: O, ...[input, opts]: Args<O>): Promise<OpResult<O>> {
  return send<OpResult<O>>(op, input, { ...opts });
}

/** Downloads the file an operation answers (PDF, Excel): its content and the name the server gives it. */
export function download<O extends Operation & { responses: { file: string } }>(op: O, ...[input, opts]: Args<O>): Promise<FileAnswer> {
  return send<FileAnswer>(op, input, { ...opts, responseType: 'blob' });
}

// ---- resources of the generic layer ----------------------------------------------------------------------------

type ListQuery = { page?: number; size?: number; sort?: string; search?: string } & Record<string, string | number | boolean | null | undefined>;

/** A list's rows: a resource's typed by its row schema; a plain list operation's (the audit log) as records. */
type RowOf<R> = R extends Resource ? ResourceRow<R> : Record<string, unknown>;

/** One page of a resource's list (or of a read-only list operation such as the audit log's). */
export function listOf<R extends { ops: { elenco: Operation } }>(res: R, query: ListQuery = {}, opts?: CallOptions): Promise<{ rows: RowOf<R>[]; total: number }> {
  return send(res.ops.elenco, { query }, { ...opts });
}

/** The starting values of a new record (X-HTTP-Method-Override: model). */
export function modelOf(res: { ops: { elenco: Operation } }, opts?: CallOptions): Promise<Record<string, unknown>> {
  return send(res.ops.elenco, {}, { ...opts, override: 'model' });
}
