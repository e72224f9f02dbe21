import { LOADING_MIN_MS } from '@tulip/contract';
import { fetchDefaultLanguage, switchLanguage } from './language';
import { getSession, loadSession } from './session';
import { loadAccessToken } from './tokenStore';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Startup: tokens, session (when logged in), language; the loading overlay stays at least
 * LOADING_MIN_MS (1000 ms, SPEC §9).
 */
export async function boot(): Promise<void> {
  const started = Date.now();
  try {
    await loadAccessToken();
    const [defaultLang] = await Promise.all([fetchDefaultLanguage(), loadSession()]);
    // The logged user's own language wins over the default one.
    const lang = getSession().profile?.utente.lingua || defaultLang?.cod_lingua || 'it';
    await switchLanguage(lang);
  } catch (e) {
    console.error('Avvio non completato', e);
  }
  const wait = LOADING_MIN_MS - (Date.now() - started);
  if (wait > 0) await sleep(wait);
}
