/**
 * The shop-floor tablet's phase screen (/fasi): the terminal's key and who stands at it. The key is the kiosk's own
 * (one registered device clocks in and times phases): /fasi?terminale=<key> stores it in localStorage
 * 'tulip_terminale', the same place the kiosk keeps it, and the address bar forgets it.
 */
export const TERMINALE_STORAGE_KEY = 'tulip_terminale';
export const HEADER_TERMINALE = 'X-Tulip-Terminale';

/** The key carried by the URL (trimmed), or null. */
export function chiaveDaUrl(search: string): string | null {
  const v = new URLSearchParams(search).get('terminale');
  return v && v.trim() ? v.trim() : null;
}

/** The same query string without the key ('' when nothing is left). */
export function senzaChiave(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('terminale');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Stores the URL's key (when present) and answers the key to use. */
export function chiaveTerminale(search: string): string | null {
  const fromUrl = chiaveDaUrl(search);
  try {
    if (fromUrl) localStorage.setItem(TERMINALE_STORAGE_KEY, fromUrl);
    return fromUrl ?? (localStorage.getItem(TERMINALE_STORAGE_KEY) || null);
  } catch {
    return fromUrl; // private mode: the key still works for this visit
  }
}

/** One field for badge and matricola, as at the kiosk: the server matches either. */
export function chiDa(identificativo: string): { badge: string; matricola?: string } {
  const id = identificativo.trim();
  return id.length <= 20 ? { badge: id, matricola: id } : { badge: id };
}
