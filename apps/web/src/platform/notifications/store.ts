/** Notification store: holds the list, runs the timers, and lets React subscribe. */
import { addNotice, removeNotice, type Notice, type NotifyOptions, type NotifyType } from './core';

let list: Notice[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotices(): Notice[] {
  return list;
}

export function dismiss(id: number): void {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
  const next = removeNotice(list, id);
  if (next !== list) {
    list = next;
    emit();
  }
}

/**
 * Shows a notification. Returns its id, or false when the options are rejected
 * (position not among the nine allowed, timeout not a non-negative number).
 */
export function notify(opts: NotifyOptions): number | false {
  const r = addNotice(list, opts, nextId, Date.now());
  if (!r.ok) {
    console.warn(`Notifica rifiutata: ${r.reason}`);
    return false;
  }
  if (!r.grouped) nextId++;
  list = r.list;
  const { id, timeout } = r.notice;
  const old = timers.get(id);
  if (old) clearTimeout(old);
  timers.delete(id);
  if (timeout > 0) timers.set(id, setTimeout(() => dismiss(id), timeout));
  emit();
  return id;
}

const typed =
  (type: NotifyType) =>
  (message: string, opts: Omit<NotifyOptions, 'type' | 'message'> = {}): number | false =>
    notify({ ...opts, type, message });

export const notifyPositive = typed('positive');
export const notifyNegative = typed('negative');
export const notifyWarning = typed('warning');
export const notifyInfo = typed('info');
