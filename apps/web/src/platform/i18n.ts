/**
 * i18next setup. Keys are flat "group.tag" strings (SPEC §3): keySeparator and nsSeparator are off.
 * The bundle carries only the platform's texts (login, shell, errors) plus the last texts fetched
 * from the server, kept in localStorage, so module texts never weigh on the login page and an
 * offline start (mobile PWA, kiosk) still has every text. The server's table
 * (GET /api/lang/traduzioni/{lang}, see ./language.ts) is laid over them at boot and on reload.
 * Placeholders: {{name}} (i18next) and {0}, {1}... (widget messages) through the "indexed" post-processor.
 */
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseMessagesEn, baseMessagesIt, type Messages } from '@tulip/contract';

export type Flat = Record<string, string>;

/** { group: { tag: text } } -> { "group.tag": text }; the empty group gives the bare tag. */
export function flattenMessages(m: Messages): Flat {
  const out: Flat = {};
  for (const [group, tags] of Object.entries(m ?? {})) {
    if (!tags || typeof tags !== 'object') continue;
    for (const [tag, text] of Object.entries(tags)) {
      if (typeof text === 'string') out[group ? `${group}.${tag}` : tag] = text;
    }
  }
  return out;
}

/** Replaces {0}, {1}... with the options of the same name (t(key, { 0: 'Nome' })). */
export function replaceIndexed(value: string, options: Record<string, unknown> | undefined): string {
  if (!options || !value.includes('{')) return value;
  return value.replace(/\{(\d+)\}/g, (whole, idx: string) => {
    const v = options[idx];
    return v === undefined || v === null ? whole : String(v);
  });
}

const indexed: PostProcessorModule = {
  type: 'postProcessor',
  name: 'indexed',
  process: (value: string, _key: string | string[], options: Record<string, unknown>) => replaceIndexed(value, options),
};

const CACHE_KEY = (lang: string) => `tulip_traduzioni_${lang}`;

/**
 * The texts kept in localStorage, parsed once per language: the copy is some 200 KB, and reading it again (to know
 * whether there is one, to compare it with the server's) took a slow phone tens of milliseconds each time.
 */
const kept = new Map<string, Flat>();

/** The texts last received from the server for a language (empty when never fetched). */
export function cachedMessages(lang: string): Flat {
  let flat = kept.get(lang);
  if (!flat) {
    try {
      flat = JSON.parse(globalThis.localStorage?.getItem(CACHE_KEY(lang)) ?? '{}') as Flat;
    } catch {
      flat = {};
    }
    kept.set(lang, flat);
  }
  return flat;
}

/** Whether texts of a language are kept from an earlier visit (the bundle of i18n already holds them). */
export function hasCachedMessages(lang: string): boolean {
  for (const _ in cachedMessages(lang)) return true;
  return false;
}

/** Whether the texts are the very ones kept for the language (laying them over again would change nothing). */
export function sameAsCached(lang: string, flat: Flat): boolean {
  const old = cachedMessages(lang);
  let count = 0;
  for (const key in flat) {
    if (old[key] !== flat[key]) return false;
    count++;
  }
  return count === Object.keys(old).length;
}

export function cacheMessages(lang: string, flat: Flat) {
  kept.set(lang, flat);
  try {
    globalThis.localStorage?.setItem(CACHE_KEY(lang), JSON.stringify(flat));
  } catch {
    /* storage full or disabled: the server copy is used next time */
  }
}

/** The bundled texts of a language under the ones kept from the server (which hold them too, unless older). */
function startingTexts(lang: string, base: Messages): Flat {
  if (!hasCachedMessages(lang)) return flattenMessages(base);
  const texts: Flat = { ...cachedMessages(lang) };
  for (const [key, text] of Object.entries(flattenMessages(base))) if (!(key in texts)) texts[key] = text;
  return texts;
}

const BUNDLED: Record<string, Messages> = { it: baseMessagesIt, en: baseMessagesEn };

/**
 * Puts a language's bundled and kept texts into i18next, once, before switching to it: at start only Italian (the
 * default and the fallback) is read, so an Italian user's phone does not parse the English copy.
 */
export function ensureLanguage(lang: string) {
  if (i18n.hasResourceBundle(lang, 'translation') || !BUNDLED[lang]) return;
  i18n.addResourceBundle(lang, 'translation', startingTexts(lang, BUNDLED[lang]), true, false);
}

export const i18n = i18next.createInstance();

void i18n
  .use(indexed)
  .use(initReactI18next)
  .init({
    lng: 'it',
    fallbackLng: 'it',
    resources: { it: { translation: startingTexts('it', baseMessagesIt) } },
    keySeparator: false,
    nsSeparator: false,
    postProcess: ['indexed'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { bindI18n: 'languageChanged loaded', bindI18nStore: 'added removed', useSuspense: false },
  });

/** Translates a key; array params fill {0}, {1}... */
export function tr(key: string, params?: Record<string, unknown> | unknown[], defaultValue?: string): string {
  const opts: Record<string, unknown> = Array.isArray(params) ? { ...params } : { ...(params ?? {}) };
  if (defaultValue !== undefined) opts.defaultValue = defaultValue;
  return i18n.t(key, opts) as string;
}

/** SPEC §8: a message starting with "avvisi" is a key translated with the params; anything else is shown as is. */
export function translateMessage(message: string, params?: Record<string, unknown>, defaultValue?: string): string {
  if (message.startsWith('avvisi')) return tr(message, params, defaultValue);
  return message;
}
