/** Kiosk terminals' keys: shown once, stored hashed. */
import { createHash, randomBytes } from 'node:crypto';

export const TERMINAL_HEADER = 'x-tulip-terminale';
export const PIN_MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newTerminalKey() {
  const key = `tk_${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashKey(key) };
}

