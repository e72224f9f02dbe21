/**
 * Installable PWA of the mobile clock-in page: the service worker (public/sw.js) is registered here
 * only, with scope /mobile, and told which files this page loaded so an offline start finds them.
 */
import { IS_DESKTOP } from '../../platform/env';

export const SW_URL = '/sw.js';
export const SW_SCOPE = '/mobile';

function loadedFiles(): string[] {
  const origin = window.location.origin;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(origin) && !new URL(u).pathname.startsWith('/api/'));
  return [...new Set([SW_SCOPE, ...urls])];
}

export function registerServiceWorker(): void {
  if (IS_DESKTOP || import.meta.env.DEV || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register(SW_URL, { scope: SW_SCOPE })
    .then(async () => {
      const reg = await navigator.serviceWorker.ready;
      reg.active?.postMessage({ type: 'tulip-precache', urls: loadedFiles() });
    })
    .catch((e: unknown) => console.warn('Service worker non registrato', e));
}
