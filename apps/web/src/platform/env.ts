/** Build target and environment (DESIGN §9: the desktop build is the same web build with target=desktop). */
export const IS_DESKTOP = import.meta.env.VITE_TARGET === 'desktop' || import.meta.env.MODE === 'desktop';
export const IS_DEV = import.meta.env.DEV;

/** localStorage key of the API base URL editable on the desktop build. */
export const BASE_URL_KEY = 'tulip.baseUrl';

/** Origin the API lives on: '' (same origin) on the web; the configured URL on the desktop build. */
export function apiBaseUrl(): string {
  if (!IS_DESKTOP) return '';
  try {
    return (localStorage.getItem(BASE_URL_KEY) ?? '').replace(/\/+$/, '');
  } catch {
    return '';
  }
}

export function setApiBaseUrl(url: string): void {
  const clean = url.trim().replace(/\/+$/, '');
  if (clean) localStorage.setItem(BASE_URL_KEY, clean);
  else localStorage.removeItem(BASE_URL_KEY);
}

/** The client's own base URL, sent as X-Base-Url (the server builds e-mail links from it). */
export function clientBaseUrl(): string {
  return window.location.origin;
}

/** Full page load of an app path (web: history path; desktop: hash router). */
export function reloadTo(path: string): void {
  if (IS_DESKTOP) {
    window.location.hash = path;
    window.location.reload();
  } else {
    window.location.assign(path);
  }
}
