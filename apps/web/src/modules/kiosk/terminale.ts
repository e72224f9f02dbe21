/**
 * The kiosk's terminal key (pure helpers + localStorage). The secret link is /presenze?terminale=<key>:
 * the first visit stores the key in localStorage 'tulip_terminale' and removes it from the address bar.
 */
export const TERMINALE_STORAGE_KEY = 'tulip_terminale';
export const HEADER_TERMINALE = 'X-Tulip-Terminale';

/** The key carried by the URL (trimmed), or null. */
export function keyFromSearch(search: string): string | null {
  const v = new URLSearchParams(search).get('terminale');
  return v && v.trim() ? v.trim() : null;
}

/** The same query string without the terminale parameter ('' when nothing is left). */
export function searchWithoutKey(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('terminale');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): KeyStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Stores the URL's key (when present) and answers the key to use. */
export function adoptTerminalKey(search: string, store: KeyStorage | null = storage()): string | null {
  const fromUrl = keyFromSearch(search);
  if (fromUrl) {
    try {
      store?.setItem(TERMINALE_STORAGE_KEY, fromUrl);
    } catch {
      /* private mode: the key still works for this visit */
    }
    return fromUrl;
  }
  try {
    return store?.getItem(TERMINALE_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Greeting of the confirmation: entering -> Buongiorno, leaving -> Arrivederci. */
export function salutoKey(verso: 'E' | 'U'): string {
  return verso === 'U' ? 'kiosk.arrivederci' : 'kiosk.buongiorno';
}

/** The on-screen keypad applied to a value: a digit, backspace or clear. */
export function applyKey(value: string, key: string, maxLength: number): string {
  if (key === 'back') return value.slice(0, -1);
  if (key === 'clear') return '';
  if (/^\d$/.test(key)) return value.length >= maxLength ? value : value + key;
  return value;
}
