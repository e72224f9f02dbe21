/**
 * Navigation and new windows (Electron's security checklist, items 13 and 14): the window stays on `app://tulip`;
 * links to the web (the server's public pages, any other site) and mail links open in the system's browser or mail
 * program; anything else (file:, javascript:, data:, other schemes) goes nowhere.
 */
import { DESKTOP_ORIGIN } from '../../../packages/contract/src/desktop';
import type { Log, WebContentsLike } from './electron';

export type NavDecision = 'allow' | 'external' | 'deny';

export function navigationDecision(url: string): NavDecision {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'deny';
  }
  if (`${u.protocol}//${u.host}` === DESKTOP_ORIGIN && !u.username && !u.password) return 'allow';
  if ((u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password) return 'external';
  if (u.protocol === 'mailto:') return 'external';
  return 'deny';
}

/** will-navigate, will-redirect, new windows and webviews on one webContents. */
export function installNavigationGuards(contents: WebContentsLike, openExternal: (url: string) => unknown, log: Log): void {
  const guard = (e: { preventDefault: () => void }, url: string) => {
    const d = navigationDecision(url);
    if (d === 'allow') return;
    e.preventDefault();
    if (d === 'external') void openExternal(url);
    else log.warn(`navigazione rifiutata: ${url.slice(0, 200)}`);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // a new window never opens inside the app: a web link goes to the system browser
    if (navigationDecision(url) === 'external') void openExternal(url);
    else log.warn(`nuova finestra rifiutata: ${url.slice(0, 200)}`);
    return { action: 'deny' };
  });
}
