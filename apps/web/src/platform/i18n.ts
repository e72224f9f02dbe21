/**
 * i18next setup. Keys are flat "group.tag" strings (SPEC §3): keySeparator and nsSeparator are off.
 * The bundle carries only the platform's texts (login, shell, errors) plus the last texts fetched
 * from the server, kept in IndexedDB, so module texts never weigh on the login page and an
 * offline start (mobile PWA, kiosk) still has every text. The server's table
 * (GET /api/lang/traduzioni/{lang}, see ./language.ts) is laid over them at boot and on reload.
 * Placeholders: {{name}} (i18next) and {0}, {1}... (widget messages) through the "indexed" post-processor.
 */
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { get, set } from 'idb-keyval';
import { openStore } from './idbStore';
import { baseMessagesIt, type Messages } from '@tulip/contract';

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

/**
 * The texts last received from the server are kept in IndexedDB (a database of its own), one entry per language. Not in
 * localStorage: a page's first localStorage read loads the whole area synchronously, and with the 200 KB of texts in it
 * that read held a phone's main thread for 20 ms at every start (80 ms at Lighthouse's slowed CPU). IndexedDB is read
 * off the main thread, while the session and the language are asked of the server.
 */
export const TESTI_DB = 'Tulip-testi';
export const TESTI_STORE = 'traduzioni';
/** The key the texts were kept under in localStorage before: removed once, after the first paint. */
const OLD_CACHE_KEY = (lang: string) => `tulip_traduzioni_${lang}`;

const store = openStore(TESTI_DB, TESTI_STORE);

/**
 * What is kept of a language: the texts as JSON text (IndexedDB hands a string over at once, where an object of 3,600
 * keys is rebuilt key by key) and the server's tag of that copy (its ETag), which lets the server answer "unchanged".
 * Older versions kept the JSON text alone.
 */
type KeptEntry = { json: string; tag?: string };
function entryOf(v: unknown): KeptEntry | undefined {
  if (typeof v === 'string') return { json: v };
  if (v && typeof v === 'object' && typeof (v as KeptEntry).json === 'string') {
    const tag = (v as KeptEntry).tag;
    return { json: (v as KeptEntry).json, ...(typeof tag === 'string' ? { tag } : {}) };
  }
  return undefined;
}

/** Each language's kept entry, read once; its texts, parsed once. */
const entries = new Map<string, Promise<KeptEntry | undefined>>();
const kept = new Map<string, Promise<Flat>>();

function keptEntry(lang: string): Promise<KeptEntry | undefined> {
  let entry = entries.get(lang);
  if (!entry) {
    const s = store();
    entry = s ? get<unknown>(lang, s).then(entryOf, () => undefined) : Promise.resolve(undefined);
    entries.set(lang, entry);
  }
  return entry;
}

/** The texts last received from the server for a language (empty when never fetched or unreadable). */
export function cachedMessages(lang: string): Promise<Flat> {
  let texts = kept.get(lang);
  if (!texts) {
    texts = keptEntry(lang).then((e) => parseTexts(e?.json));
    kept.set(lang, texts);
  }
  return texts;
}

/** The server's tag of the kept texts, when some are kept: sent back, it spares downloading and parsing the same copy. */
export async function keptTag(lang: string): Promise<string | undefined> {
  const entry = await keptEntry(lang);
  return entry?.tag && Object.keys(await cachedMessages(lang)).length ? entry.tag : undefined;
}

function parseTexts(json: unknown): Flat {
  if (typeof json !== 'string') return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' ? (v as Flat) : {};
  } catch {
    return {};
  }
}

/** Whether the texts are the very ones kept for the language (laying them over again would change nothing). */
export function sameTexts(old: Flat, flat: Flat): boolean {
  let count = 0;
  for (const key in flat) {
    if (old[key] !== flat[key]) return false;
    count++;
  }
  return count === Object.keys(old).length;
}

export function cacheMessages(lang: string, flat: Flat, tag?: string) {
  kept.set(lang, Promise.resolve(flat));
  const s = store();
  if (!s) return;
  const entry: KeptEntry = { json: JSON.stringify(flat), ...(tag ? { tag } : {}) };
  entries.set(lang, Promise.resolve(entry));
  set(lang, entry, s).catch(() => {
    /* storage full or disabled: the server copy is used next time */
  });
}

/** Drops the copies earlier versions kept in localStorage (they would weigh on every start's first read). */
export function dropOldCache() {
  try {
    for (const lang of Object.keys(BUNDLED)) globalThis.localStorage?.removeItem(OLD_CACHE_KEY(lang));
  } catch {
    /* storage disabled: nothing kept there */
  }
}

/** The bundled texts of each language; English's are a chunk of their own, fetched by the first switch to it. */
const BUNDLED: Record<string, () => Promise<Messages | undefined>> = {
  it: () => Promise.resolve(baseMessagesIt),
  // offline and never fetched: the server's kept texts, or the keys, stand in
  en: () => import('@tulip/contract/i18n/en-base').then((m) => m.base, () => undefined),
};
const ensured = new Map<string, Promise<boolean>>();

/**
 * Puts a language's kept texts into i18next, once, before switching to it; resolves to whether any were kept. Italian's
 * bundled texts are there from the start (the overlay and the login wait for nothing); another language's bundled
 * texts go in with its kept ones, so an Italian user's phone reads no English copy.
 */
export function ensureLanguage(lang: string): Promise<boolean> {
  let done = ensured.get(lang);
  if (!done) {
    const has = i18n.hasResourceBundle(lang, 'translation');
    done = Promise.all([cachedMessages(lang), has ? undefined : BUNDLED[lang]?.()]).then(([keptTexts, base]) => {
      // the kept texts hold the bundled ones too, unless kept by an older version
      const anyKept = Object.keys(keptTexts).length > 0;
      const texts = base ? Object.assign(flattenMessages(base), keptTexts) : keptTexts;
      // silent: what is on screen at boot is the overlay, drawn from the bundled texts; the pages render after this
      if (base || anyKept) i18n.addResourceBundle(lang, 'translation', texts, true, true, { silent: true, skipCopy: true });
      return anyKept;
    });
    ensured.set(lang, done);
  }
  return done;
}

export const i18n = i18next.createInstance();

void i18n
  .use(indexed)
  .use(initReactI18next)
  .init({
    lng: 'it',
    fallbackLng: 'it',
    resources: { it: { translation: flattenMessages(baseMessagesIt) } },
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
