/**
 * HTTP client (DESIGN §3, §6; SPEC §4, §7, §8).
 * - every call: Authorization: Bearer <atoken> (when available) and X-Base-Url; auth calls also
 *   X-Skip-Date-Format: 1; variants of a GET through X-HTTP-Method-Override;
 * - the atoken is renewed when absent or expired; concurrent renewals share one request;
 *   a 401 is retried once after a renewal; a failed renewal logs out (tokens removed, page reloaded);
 * - errors and success messages become notifications (SPEC §8).
 */
import { HEADER_BASE_URL, type OpResult, type TStoredFile, HEADER_OVERRIDE, HEADER_SKIP_DATE_FORMAT } from '@tulip/contract';
import { OPS_AUTH, OPS_FILES } from '@tulip/contract/wire';
import { apiBaseUrl, clientBaseUrl, IS_DEV } from './env';
import { translateMessage } from './i18n';
import { isExpired } from './jwt';
import { notifyNegative, notifyPositive } from './notifications/store';
import { clearTokens, getAccessToken, getRefreshToken, isLoggedIn, setAccessToken, setRefreshToken } from './tokenStore';
import { newRequestId } from './uuid';

export type ErrorBody = { message: string; params?: Record<string, unknown> };

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** 400 avvisi.validation: field -> message key. */
  get fields(): Record<string, string> {
    const f = this.body.params?.fields;
    return f && typeof f === 'object' ? (f as Record<string, string>) : {};
  }
}

export const NETWORK_ERROR = 'avvisi.network_error';
export const NETWORK_ERROR_TEXT = 'Errore di rete: connessione al server fallita';
export const REQUEST_ERROR = 'avvisi.request_error';
export const REQUEST_ERROR_TEXT = 'Error in richiesta';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** X-HTTP-Method-Override value (model, lookup, profiles). */
  override?: string;
  /** true (default): the stored atoken; false: no token; a string: this bearer token. */
  auth?: boolean | string;
  /** Show the error notification (default true). */
  notifyError?: boolean;
  /** Show the success notification of a non-GET call (default true). */
  notifySuccess?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. the kiosk's X-Tulip-Terminale). */
  headers?: Record<string, string>;
  /** 'blob': answer a file download as { blob, filename } instead of JSON (GET exports, PDF). */
  responseType?: 'json' | 'blob';
  /** Given the answer's headers (the texts' ETag, say). */
  onHeaders?: (headers: Headers) => void;
}

/** A downloaded file: its content and the name from Content-Disposition (null when absent). */
export type FileAnswer = { blob: Blob; filename: string | null };

/** Shows an API error as a negative notification (SPEC §8). */
export function showApiError(err: ApiError): void {
  const fallback = err.body.message === NETWORK_ERROR ? NETWORK_ERROR_TEXT : err.body.message === REQUEST_ERROR ? REQUEST_ERROR_TEXT : undefined;
  const text = translateMessage(err.body.message, err.body.params, fallback);
  notifyNegative(text, IS_DEV && err.status ? { caption: `HTTP ${err.status}` } : {});
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = apiBaseUrl();
  const url = new URL(base + path, base || window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    url.searchParams.set(k, String(v));
  }
  return base ? url.toString() : url.pathname + url.search;
}

function headersFor(path: string, bearer: string | null, override?: string, hasBody = false): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', [HEADER_BASE_URL]: clientBaseUrl() };
  if (hasBody) h['Content-Type'] = 'application/json';
  if (bearer) h.Authorization = `Bearer ${bearer}`;
  if (override) h[HEADER_OVERRIDE] = override;
  if (path.startsWith('/api/auth/')) h[HEADER_SKIP_DATE_FORMAT] = '1';
  return h;
}

/** filename*=UTF-8''... or filename="..." of a Content-Disposition header. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  return plain ? (plain[2] ?? plain[1]).trim() || null : null;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorBodyOf(data: unknown): ErrorBody {
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string' && (data as ErrorBody).message) {
    const d = data as ErrorBody;
    return { message: d.message, ...(d.params && typeof d.params === 'object' ? { params: d.params } : {}) };
  }
  return { message: NETWORK_ERROR };
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, { message: NETWORK_ERROR });
  }
}

// ---- token renewal -------------------------------------------------------------------------------

let renewing: Promise<string> | null = null;

/** Removes the tokens and reloads the page (the guard then sends the user to the login). */
export function forceLogout(): void {
  clearTokens();
  window.location.reload();
}

async function doRenew(): Promise<string> {
  const rtoken = getRefreshToken();
  if (!rtoken) throw new ApiError(401, { message: 'avvisi.unauthorized' });
  const res = await send(buildUrl(OPS_AUTH.rtoken.path), { method: 'GET', headers: headersFor(OPS_AUTH.rtoken.path, rtoken) });
  const data = await readBody(res);
  const pair = data as { atoken?: unknown; rtoken?: unknown } | null;
  if (!res.ok || !pair || typeof pair.atoken !== 'string') {
    forceLogout();
    throw new ApiError(res.status || 401, errorBodyOf(data));
  }
  setAccessToken(pair.atoken);
  // Rotation: always keep the new refresh token.
  if (typeof pair.rtoken === 'string' && pair.rtoken) setRefreshToken(pair.rtoken);
  return pair.atoken;
}

/** Renews the access token; concurrent callers share one request. */
export function renewAccessToken(): Promise<string> {
  if (!renewing) renewing = doRenew().finally(() => (renewing = null));
  return renewing;
}

/** The atoken to send: renewed first when absent or expired (only when logged in). */
export async function validAccessToken(): Promise<string | null> {
  if (!isLoggedIn()) return getAccessToken();
  const at = getAccessToken();
  if (at && !isExpired(at)) return at;
  return renewAccessToken();
}

// ---- requests ------------------------------------------------------------------------------------

/**
 * The Idempotency-Key of a write (issue #27 §4): one per submission. The same write sent again while the first is
 * still on its way (a double click, a second tap on a slow phone) carries the same key, so the server carries it out
 * once and answers both; the 401 retry below resends it too. A write sent again after the first answered is a new one.
 */
const writesInFlight = new Map<string, { key: string; users: number }>();
function idempotencyKeyFor(signature: string): { key: string; release: () => void } {
  // newRequestId, not crypto.randomUUID: a LAN install over plain HTTP is not a secure context
  const current = writesInFlight.get(signature) ?? { key: newRequestId(), users: 0 };
  current.users++;
  writesInFlight.set(signature, current);
  return {
    key: current.key,
    release: () => {
      if (--current.users === 0 && writesInFlight.get(signature) === current) writesInFlight.delete(signature);
    },
  };
}

export async function request<T = unknown>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
  const notifyError = opts.notifyError !== false;
  let url: string;
  let body: string | FormData | undefined;
  try {
    url = buildUrl(path, opts.query);
    // a file goes as multipart (the browser writes its boundary); anything else as JSON
    body = opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body);
  } catch (e) {
    console.error(e);
    const err = new ApiError(0, { message: REQUEST_ERROR });
    if (notifyError) showApiError(err);
    throw err;
  }
  // files (multipart) are stored by content anyway; lookups and models sent as POST are reads
  const idempotent = method !== 'GET' && !opts.override && !(body instanceof FormData) ? idempotencyKeyFor(`${method} ${url} ${body ?? ''}`) : null;
  try {
    const auto = opts.auth === undefined || opts.auth === true;
    const bearer = typeof opts.auth === 'string' ? opts.auth : auto ? await validAccessToken() : null;
    const blob = opts.responseType === 'blob';
    const init = (token: string | null): RequestInit => ({
      method,
      headers: {
        ...headersFor(path, token, opts.override, typeof body === 'string'),
        ...(blob ? { Accept: '*/*' } : {}),
        ...(idempotent ? { 'Idempotency-Key': idempotent.key } : {}),
        ...(opts.headers ?? {}),
      },
      body,
      signal: opts.signal,
    });
    let res = await send(url, init(bearer));
    if (res.status === 401 && auto && isLoggedIn()) {
      // Retried once after a renewal (or with the token a concurrent renewal already brought).
      const current = getAccessToken();
      const fresh = current && current !== bearer && !isExpired(current) ? current : await renewAccessToken();
      res = await send(url, init(fresh));
    }
    opts.onHeaders?.(res.headers);
    if (blob && res.ok) return { blob: await res.blob(), filename: filenameOf(res.headers.get('Content-Disposition')) } satisfies FileAnswer as T;
    // "not modified": only a call that sent If-None-Match itself gets one; it answers null, the caller's copy is current
    if (res.status === 304) return null as T;
    const data = await readBody(res);
    if (!res.ok) throw new ApiError(res.status, errorBodyOf(data));
    if (opts.notifySuccess !== false && method !== 'GET') {
      const d = data as { message?: unknown; params?: Record<string, unknown> } | null;
      const message =
        d && typeof d === 'object' && typeof d.message === 'string' && d.message
          ? d.message
          : res.status === 201
            ? 'avvisi.created'
            : res.status === 204 && method === 'DELETE'
              ? 'avvisi.deleted'
              : null;
      if (message) notifyPositive(translateMessage(message, d?.params));
    }
    return data as T;
  } catch (e) {
    if (e instanceof ApiError && notifyError) showApiError(e);
    throw e;
  } finally {
    idempotent?.release();
  }
}

export const http = {
  get: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  del: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** GET of a file (export, PDF) with the usual auth, renewal and error notifications. */
  file: (path: string, opts?: RequestOptions) => request<FileAnswer>('GET', path, { ...opts, responseType: 'blob' }),
  /** Uploads one file to the store (POST /api/file, multipart): its answer says the stored file's id and type. */
  upload: (file: Blob, name: string, opts?: RequestOptions) => {
    const form = new FormData();
    form.append('file', file, name);
    return request<OpResult<typeof OPS_FILES.carica>>('POST', OPS_FILES.carica.path, { ...opts, body: form });
  },
};

export type StoredFile = TStoredFile;

/** Unwraps `{ message, data }` answers of create/update. */
export function dataOf<T>(answer: unknown): T {
  const a = answer as { data?: T } | null;
  return (a && typeof a === 'object' && 'data' in a ? a.data : answer) as T;
}
