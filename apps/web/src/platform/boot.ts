import { LOADING_MIN_MS } from '@tulip/contract';
import { dropOldCache, ensureLanguage } from './i18n';
import { currentLanguage, fetchDefaultLanguage, switchLanguage } from './language';
import { afterFirstPaint } from './lift';
import { getSession, loadSession } from './session';
import { loadAccessToken } from './tokenStore';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Startup: tokens, session (when logged in), language. It starts before React's first render (main.tsx), so its
 * requests are under way while the router is built. The loading overlay stays at least LOADING_MIN_MS (1000 ms,
 * SPEC §9) from its first paint (`overlayShown`): the router shows the page beneath it as soon as this is done, so
 * the page is ready, not still loading, when the overlay lifts.
 */
let overlayShownAt = 0;
/** Called when the overlay is first on screen; the minimum counts from then. */
export function overlayShown() {
  overlayShownAt ||= Date.now();
}
export async function boot(): Promise<void> {
  // the texts kept from the last visit are read from IndexedDB while the session is asked of the server
  void ensureLanguage(currentLanguage());
  void afterFirstPaint().then(dropOldCache);
  try {
    await loadAccessToken();
    const [defaultLang] = await Promise.all([fetchDefaultLanguage(), loadSession()]);
    // The logged user's own language wins over the default one.
    const lang = getSession().profile?.utente.lingua || defaultLang?.cod_lingua || 'it';
    await switchLanguage(lang, true);
  } catch (e) {
    console.error('Avvio non completato', e);
  }
}

/** Resolves when the overlay has been shown for its minimum time. */
export async function overlayMinimum(): Promise<void> {
  overlayShown();
  const wait = LOADING_MIN_MS - (Date.now() - overlayShownAt);
  if (wait > 0) await sleep(wait);
}
