/**
 * Language of the app's messages (SPEC §4 "Language"): at startup the default active language
 * (se_default Y) is chosen, its messages are loaded unless cached, then the language is switched.
 * Saving or creating a translation reloads the messages (reloadMessages).
 */
import { type TLinguaRow } from '@tulip/contract';
import { OPS_LINGUE } from '@tulip/contract/wire';
import { ApiError } from './http';
import { call } from './api';
import { cachedMessages, cacheMessages, ensureLanguage, flattenMessages, i18n, keptTag, sameTexts, tr } from './i18n';
import { notifyNegative } from './notifications/store';
import { afterFirstPaint } from './lift';

export type Lingua = TLinguaRow;

const loaded = new Set<string>();
const inflight = new Map<string, Promise<boolean>>();

/** GET /api/lang/active: the default active language, or null (with the notification of SPEC §8). */
export async function fetchDefaultLanguage(): Promise<Lingua | null> {
  try {
    const lang = await call(OPS_LINGUE.attiva, {}, { notifyError: false });
    if (lang && typeof lang.cod_lingua === 'string') return lang;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 404) {
      console.warn('Lingua di default non disponibile', e);
      return null;
    }
  }
  notifyNegative(tr('app.nessuna_lingua_default', undefined, 'Nessuna lingua di default selezionata'));
  return null;
}

/** Loads (or reloads with force) the messages of a language from the server into i18next. */
export function loadMessages(lang: string, force = false): Promise<boolean> {
  if (!force && loaded.has(lang)) return Promise.resolve(true);
  const running = inflight.get(lang);
  if (running && !force) return running;
  // the kept texts go in first, so that they never lay an older copy over the server's; the server is asked with the
  // kept copy's tag, and answers 304 (null) when that copy is its own
  let tag: string | undefined;
  const answer = (force ? Promise.resolve(undefined) : keptTag(lang)).then((kept) =>
    call(OPS_LINGUE.messaggi, { params: { id: lang } }, { notifyError: false, headers: kept ? { 'If-None-Match': kept } : undefined, onHeaders: (h) => (tag = h.get('ETag') ?? undefined) }),
  );
  const p = Promise.all([ensureLanguage(lang), answer])
    .then(async ([, m]) => {
      if (m === null) {
        loaded.add(lang);
        return true;
      }
      const flat = flattenMessages(m ?? {});
      // the texts kept from the last visit, already in i18next: nothing to lay over (no screen re-renders)
      const same = sameTexts(await cachedMessages(lang), flat);
      // skipCopy: i18next would otherwise copy the 3,600 texts through JSON first
      if (!same) i18n.addResourceBundle(lang, 'translation', flat, true, true, { silent: false, skipCopy: true });
      // kept again when the texts or their tag are new (a copy kept by an older version had no tag)
      if (!same || (tag && tag !== (await keptTag(lang)))) cacheMessages(lang, flat, tag);
      loaded.add(lang);
      return true;
    })
    .catch((e: unknown) => {
      console.warn(`Traduzioni non disponibili per ${lang}`, e);
      // Offline (the mobile PWA starting without a connection) the bundled texts are used silently.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
      notifyNegative(tr('app.lingua_non_disponibile', { lingua: lang }, `Traduzioni non disponibili per la lingua ${lang}`));
      return false;
    })
    .finally(() => inflight.delete(lang));
  inflight.set(lang, p);
  return p;
}

/**
 * Loads the messages of a language (unless cached) and switches to it. At startup the texts kept from the last visit
 * (IndexedDB) are used at once, and the server's are asked once the first page is painted and laid over them when they
 * arrive: the app does not wait for a request it can do without.
 */
export async function switchLanguage(lang: string, startup = false): Promise<void> {
  if (startup && (await ensureLanguage(lang))) void afterFirstPaint().then(() => loadMessages(lang));
  else await loadMessages(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Reloads the messages of a language (default: the current one); the screen updates without a page reload. */
export async function reloadMessages(lang: string = i18n.language): Promise<void> {
  await loadMessages(lang, true);
}

export function currentLanguage(): string {
  return i18n.language || 'it';
}
