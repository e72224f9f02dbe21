import { del, get, set } from 'idb-keyval';
import { IDB_NAME, IDB_STORE, TOKEN_COOKIE } from '@tulip/contract';
import { IS_DESKTOP } from './env';
import { openStore } from './idbStore';
import { tokenExpiry } from './jwt';

/**
 * Token storage (SPEC §4, DESIGN §6):
 * - atoken: in memory and in IndexedDB (database "Tulip", store "auth");
 * - rtoken: cookie "_token_tulip" (Secure, SameSite=Strict, expiring with the token's exp);
 *   on the desktop build in localStorage instead.
 * Logged in = a refresh token is stored.
 */
const ATOKEN_KEY = 'atoken';
let atoken: string | null = null;
const store = openStore(IDB_NAME, IDB_STORE);

/** Loads the stored atoken into memory (called once at boot). */
export async function loadAccessToken(): Promise<void> {
  const s = store();
  if (!s) return;
  try {
    const v = await get<string>(ATOKEN_KEY, s);
    if (typeof v === 'string' && !atoken) atoken = v;
  } catch (e) {
    console.warn('IndexedDB non disponibile', e);
  }
}

export function getAccessToken(): string | null {
  return atoken;
}

export function setAccessToken(token: string | null): void {
  atoken = token;
  const s = store();
  if (!s) return;
  const op = token ? set(ATOKEN_KEY, token, s) : del(ATOKEN_KEY, s);
  op.catch((e: unknown) => console.warn('IndexedDB non disponibile', e));
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const v = decodeURIComponent(part.slice(i + 1).trim());
      return v || null;
    }
  }
  return null;
}

function writeCookie(name: string, value: string, expires: Date | null, secure: boolean): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Strict'];
  if (expires) parts.push(`Expires=${expires.toUTCString()}`);
  if (secure) parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function getRefreshToken(): string | null {
  if (IS_DESKTOP) {
    try {
      return localStorage.getItem(TOKEN_COOKIE);
    } catch {
      return null;
    }
  }
  return readCookie(TOKEN_COOKIE);
}

export function setRefreshToken(token: string): void {
  if (IS_DESKTOP) {
    localStorage.setItem(TOKEN_COOKIE, token);
    return;
  }
  const exp = tokenExpiry(token);
  const expires = exp ? new Date(exp) : null;
  writeCookie(TOKEN_COOKIE, token, expires, true);
  if (readCookie(TOKEN_COOKIE) !== token && !window.isSecureContext) {
    // Plain http on a non-local host: the browser refuses Secure cookies. Keep the session working.
    console.warn('Contesto non sicuro: cookie del token senza attributo Secure');
    writeCookie(TOKEN_COOKIE, token, expires, false);
  }
}

export function clearTokens(): void {
  setAccessToken(null);
  if (IS_DESKTOP) {
    try {
      localStorage.removeItem(TOKEN_COOKIE);
    } catch {
      /* ignore */
    }
    return;
  }
  writeCookie(TOKEN_COOKIE, '', new Date(0), true);
  writeCookie(TOKEN_COOKIE, '', new Date(0), false);
}

/** SPEC §4: a user counts as logged in if a refresh token is stored. */
export function isLoggedIn(): boolean {
  return !!getRefreshToken();
}
