/** Wire and display formats shared by server and web (SPEC §3 "Formats"). */
export const CLIENT_VERSION = '1.1.31';
export const APP_NAME = 'Tulip';

/** The file store's limit on one upload (POST /api/file): the server refuses beyond it, the form before sending. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

export const WIRE_DATE = 'YYYY-MM-DD';
export const WIRE_TIME = 'HH:mm:ss';
export const WIRE_DATETIME = 'YYYY-MM-DDTHH:mm:ss';
export const UI_DATE = 'DD/MM/YYYY';
export const UI_TIME = 'HH:mm';
export const UI_DATETIME = 'DD/MM/YYYY HH:mm';

export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_TIMEZONE = 'Europe/Rome';

/** Names fixed by SPEC §9. */
export const TOKEN_COOKIE = '_token_tulip';
export const IDB_NAME = 'Tulip';
export const IDB_STORE = 'auth';
export const LOADING_MIN_MS = 1000;
export const NOTIFY_TIMEOUT_MS = 5000;
export const NOTIFY_DEFAULT_POSITION = 'bottom';
export const NOTIFY_POSITIONS = [
  'top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right', 'center',
] as const;
export type NotifyPosition = (typeof NOTIFY_POSITIONS)[number];

/** Headers of the wire protocol (DESIGN §3). */
export const HEADER_OVERRIDE = 'x-http-method-override';
export const HEADER_BASE_URL = 'x-base-url';
export const HEADER_SKIP_DATE_FORMAT = 'x-skip-date-format';

export const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const DATETIME_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** True when a YYYY-MM-DD string names a real calendar day (rejects 2025-02-30). */
export function isRealDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/**
 * The dates a form or a request accepts (issue #12): a hire date of 01/01/1800 or a leave in 2300 is a typing
 * error, not data. Wire format, so the bounds compare as strings.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
export const isPlausibleDate = (s: string) => s >= DATE_MIN && s <= DATE_MAX;

/**
 * The device's time of a punch that reached the server more than 2 minutes after it was made on the
 * device (queued offline), else null. Both are wall-clock date-times in the company zone.
 */
export function deviceTimeIfLate(ts: string, tsDispositivo: string | null | undefined): string | null {
  return tsDispositivo && Math.abs(Date.parse(`${ts}Z`) - Date.parse(`${tsDispositivo}Z`)) > 2 * 60_000 ? tsDispositivo : null;
}
