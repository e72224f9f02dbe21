/**
 * Pure core of the notification system (SPEC §4, §5, §9): validation of position and timeout,
 * defaults, grouping of identical notifications and the progress duration. No DOM, no timers:
 * the store (./store.ts) and the renderer (./NotificationHost.tsx) sit on top of it.
 */
import { NOTIFY_DEFAULT_POSITION, NOTIFY_POSITIONS, NOTIFY_TIMEOUT_MS, type NotifyPosition } from '@tulip/contract';

export type NotifyType = 'positive' | 'negative' | 'warning' | 'info';
export const NOTIFY_TYPES: readonly NotifyType[] = ['positive', 'negative', 'warning', 'info'];

export interface NotifyOptions {
  type?: NotifyType;
  /** Text already translated. */
  message: string;
  /** Secondary line (e.g. the HTTP status in development mode). */
  caption?: string;
  position?: string;
  /** Milliseconds before dismissal; 0 = persistent. */
  timeout?: number;
}

export interface Notice {
  id: number;
  type: NotifyType;
  message: string;
  caption?: string;
  position: NotifyPosition;
  timeout: number;
  /** How many times this identical notification was raised (the badge shows it when > 1). */
  count: number;
  /** Time of the last (re)raise: the timer and the progress bar restart from it. */
  stamp: number;
}

export type Validation =
  | { ok: true; type: NotifyType; position: NotifyPosition; timeout: number }
  | { ok: false; reason: string };

export function isValidPosition(p: unknown): p is NotifyPosition {
  return typeof p === 'string' && (NOTIFY_POSITIONS as readonly string[]).includes(p);
}

/** The timeout must be a non-negative (finite) number. */
export function isValidTimeout(t: unknown): t is number {
  return typeof t === 'number' && Number.isFinite(t) && t >= 0;
}

/** Applies the defaults (position bottom, 5000 ms, type info) and rejects invalid options. */
export function validateOptions(opts: NotifyOptions): Validation {
  if (!opts || typeof opts.message !== 'string' || opts.message.trim() === '') {
    return { ok: false, reason: 'message must be a non-empty string' };
  }
  const type = opts.type ?? 'info';
  if (!NOTIFY_TYPES.includes(type)) return { ok: false, reason: `invalid type: ${String(type)}` };
  const position = opts.position === undefined ? NOTIFY_DEFAULT_POSITION : opts.position;
  if (!isValidPosition(position)) return { ok: false, reason: `invalid position: ${String(position)}` };
  const timeout = opts.timeout === undefined ? NOTIFY_TIMEOUT_MS : opts.timeout;
  if (!isValidTimeout(timeout)) return { ok: false, reason: `invalid timeout: ${String(timeout)}` };
  return { ok: true, type, position, timeout };
}

/** Identical notifications share type, text and caption. */
export function sameContent(a: Pick<Notice, 'type' | 'message' | 'caption'>, b: Pick<Notice, 'type' | 'message' | 'caption'>): boolean {
  return a.type === b.type && a.message === b.message && (a.caption ?? '') === (b.caption ?? '');
}

export type AddResult =
  | { ok: true; list: Notice[]; notice: Notice; grouped: boolean }
  | { ok: false; reason: string; list: Notice[] };

/**
 * Adds a notification to the list. An identical one already shown is not duplicated: its count
 * grows, it takes the new position/timeout and its timer restarts (stamp = now).
 */
export function addNotice(list: Notice[], opts: NotifyOptions, nextId: number, now: number): AddResult {
  const v = validateOptions(opts);
  if (!v.ok) return { ok: false, reason: v.reason, list };
  const candidate = { type: v.type, message: opts.message, caption: opts.caption };
  const existing = list.find((n) => sameContent(n, candidate));
  if (existing) {
    const notice: Notice = { ...existing, position: v.position, timeout: v.timeout, count: existing.count + 1, stamp: now };
    return { ok: true, grouped: true, notice, list: list.map((n) => (n.id === existing.id ? notice : n)) };
  }
  const notice: Notice = {
    id: nextId,
    type: v.type,
    message: opts.message,
    ...(opts.caption ? { caption: opts.caption } : {}),
    position: v.position,
    timeout: v.timeout,
    count: 1,
    stamp: now,
  };
  return { ok: true, grouped: false, notice, list: [...list, notice] };
}

export function removeNotice(list: Notice[], id: number): Notice[] {
  return list.filter((n) => n.id !== id);
}

/** SPEC §9: the progress animation lasts the timeout plus 1000 ms; a persistent notification has none. */
export function progressDuration(timeout: number): number {
  return timeout > 0 ? timeout + 1000 : 0;
}

/** Notices of one position, in order of arrival. */
export function byPosition(list: Notice[]): Map<NotifyPosition, Notice[]> {
  const map = new Map<NotifyPosition, Notice[]>();
  for (const n of list) {
    const arr = map.get(n.position);
    if (arr) arr.push(n);
    else map.set(n.position, [n]);
  }
  return map;
}
