/** Languages and the translation table: the source of every text the app shows. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import { lingue, traduzioni } from './tables';

export type MessageMap = Record<string, Record<string, string>>;

export async function messagesOf(db: Db, lang: string): Promise<MessageMap> {
  const rows = await db
    .select({ g: traduzioni.translate_group, t: traduzioni.translate_tag, testo: traduzioni.testo })
    .from(traduzioni)
    .where(eq(traduzioni.cod_lingua, lang))
    .orderBy(asc(traduzioni.translate_group), asc(traduzioni.translate_tag));
  // keys come from data: maps without a prototype, so a group called "__proto__" or "constructor" is just a group
  const out: MessageMap = Object.create(null);
  for (const r of rows) (out[r.g] ??= Object.create(null))[r.t] = r.testo;
  return out;
}

export async function defaultLanguage(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ cod: lingue.cod_lingua })
    .from(lingue)
    .where(and(eq(lingue.se_default, 'Y'), eq(lingue.se_attiva, 'Y')))
    .limit(1);
  return row?.cod;
}

/** One text for server-made content (e-mails), with {{name}} placeholders filled. */
export async function translate(db: Db, lang: string, key: string, params: Record<string, string> = {}): Promise<string> {
  const i = key.indexOf('.');
  const [group, tag] = i < 0 ? ['', key] : [key.slice(0, i), key.slice(i + 1)];
  const [row] = await db
    .select({ testo: traduzioni.testo })
    .from(traduzioni)
    .where(and(eq(traduzioni.cod_lingua, lang), eq(traduzioni.translate_group, group), eq(traduzioni.translate_tag, tag)));
  const text = row?.testo ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

/** A mail whose subject and text are the translations `mail.<name>_oggetto` and `mail.<name>_testo` in `lang`, with the same params. */
export async function sendTranslatedMail(db: Db, mailer: Mailer, to: string, lang: string, name: string, params: Record<string, string> = {}) {
  await mailer.send({
    to,
    subject: await translate(db, lang, `mail.${name}_oggetto`, params),
    text: await translate(db, lang, `mail.${name}_testo`, params),
  });
}

/** Writes the given message maps, keeping texts an administrator already changed. */
export async function upsertMessages(db: Db, lang: string, map: MessageMap, overwrite = false) {
  const values = Object.entries(map).flatMap(([g, tags]) =>
    Object.entries(tags).map(([t, testo]) => ({ cod_lingua: lang, translate_group: g, translate_tag: t, testo })),
  );
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    const q = db.insert(traduzioni).values(chunk);
    await (overwrite
      ? q.onConflictDoUpdate({
          target: [traduzioni.cod_lingua, traduzioni.translate_group, traduzioni.translate_tag],
          set: { testo: traduzioni.testo },
        })
      : q.onConflictDoNothing());
  }
}
