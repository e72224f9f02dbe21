/** Languages and the translation table: the source of every text the app shows. */
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TLinguaRow, ZTraduzioneCreate, ZTraduzioneUpdate, ZTraduzioniQuery } from '@tulip/contract';
import type { Db } from '../../platform/db';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { containsPattern } from '../../platform/resource';
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

/** A text with its {{name}} placeholders filled (a missing value: empty). */
export const fillPlaceholders = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** One text for server-made content (e-mails), with {{name}} placeholders filled. */
export async function translate(db: Db, lang: string, key: string, params: Record<string, string> = {}): Promise<string> {
  const i = key.indexOf('.');
  const [group, tag] = i < 0 ? ['', key] : [key.slice(0, i), key.slice(i + 1)];
  const [row] = await db
    .select({ testo: traduzioni.testo })
    .from(traduzioni)
    .where(and(eq(traduzioni.cod_lingua, lang), eq(traduzioni.translate_group, group), eq(traduzioni.translate_tag, tag)));
  const text = row?.testo ?? key;
  return fillPlaceholders(text, params);
}

/** A mail whose subject and text are the translations `mail.<name>_oggetto` and `mail.<name>_testo` in `lang`, with the same params. */
export async function sendTranslatedMail(db: Db, mailer: Mailer, to: string, lang: string, name: string, params: Record<string, string> = {}) {
  await mailer.send({
    to,
    subject: await translate(db, lang, `mail.${name}_oggetto`, params),
    text: await translate(db, lang, `mail.${name}_testo`, params),
  });
}

/**
 * Writes the keys of the given message map this language lacks, keeping texts an administrator already changed. One
 * statement with the map as one JSON parameter: it runs at every start, and thousands of bound rows cost a second there.
 */
export async function upsertMessages(db: Db, lang: string, map: MessageMap) {
  const rows = Object.entries(map).flatMap(([g, tags]) => Object.entries(tags).map(([t, testo]) => [g, t, testo]));
  // only the missing keys reach the insert: a serial id is not spent on every existing key at every start
  await db.execute(sql`
    insert into ${traduzioni} (cod_lingua, translate_group, translate_tag, testo)
    select ${lang}, r->>0, r->>1, r->>2 from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r
    where not exists (
      select 1 from ${traduzioni} x where x.cod_lingua = ${lang} and x.translate_group = r->>0 and x.translate_tag = r->>1
    )
    on conflict do nothing`);
}

// ---- languages and translations, as the routes serve them ---------------------------------------------------------

/** Exactly one default language, and it stays active: setting one clears the others. */
export async function keepOneDefault(tx: Db, data: { cod_lingua: string; se_default: string; se_attiva: string }) {
  if (data.se_default === 'Y') {
    if (data.se_attiva !== 'Y') throw new AppError(400, 'avvisi.validation', { fields: { se_attiva: 'avvisi.lingua_default_obbligatoria' } });
    await tx.update(lingue).set({ se_default: 'N' }).where(ne(lingue.cod_lingua, data.cod_lingua));
  }
  const [{ n }] = await tx
    .select({ n: count() })
    .from(lingue)
    .where(and(eq(lingue.se_default, 'Y'), ne(lingue.cod_lingua, data.cod_lingua)));
  if (data.se_default !== 'Y' && Number(n) === 0) {
    throw new AppError(400, 'avvisi.validation', { fields: { se_default: 'avvisi.lingua_default_obbligatoria' } });
  }
}

/** The default language (public: the login page shows in it). */
export async function activeLanguage(db: Db) {
  const [row] = await db
    .select()
    .from(lingue)
    .where(and(eq(lingue.se_default, 'Y'), eq(lingue.se_attiva, 'Y')))
    .limit(1);
  if (!row) throw new AppError(404, 'app.nessuna_lingua_default');
  return row as TLinguaRow;
}

/** Every text of a language that exists. */
export async function publicMessages(db: Db, lang: string): Promise<MessageMap> {
  const [found] = await db.select({ cod: lingue.cod_lingua }).from(lingue).where(eq(lingue.cod_lingua, lang));
  if (!found) throw notFound();
  return messagesOf(db, lang);
}

/** The translation groups, as a lookup. */
export async function translationGroups(db: Db) {
  const rows = await db.selectDistinct({ g: traduzioni.translate_group }).from(traduzioni).orderBy(asc(traduzioni.translate_group));
  return rows.map((x) => ({ value: x.g, label: x.g }));
}

/** Translations found by text, tag or "group.tag", in some groups and a language, paged. */
export async function listTranslations(db: Db, q: z.infer<typeof ZTraduzioniQuery>) {
  const groups = q.groups ? q.groups.split(';').map((s) => s.trim()) : [];
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const where = and(
    q.cod_lingua ? eq(traduzioni.cod_lingua, q.cod_lingua) : undefined,
    groups.length ? inArray(traduzioni.translate_group, groups) : undefined,
    pattern
      ? or(ilike(traduzioni.testo, pattern), ilike(traduzioni.translate_tag, pattern), ilike(sql`${traduzioni.translate_group} || '.' || ${traduzioni.translate_tag}`, pattern))
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(traduzioni)
      .where(where)
      .orderBy(asc(traduzioni.translate_group), asc(traduzioni.translate_tag), asc(traduzioni.cod_lingua))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(traduzioni).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** A new text of a language that exists; audited. */
export async function createTranslation(db: Db, user: CurrentUser, input: z.infer<typeof ZTraduzioneCreate>) {
  return db.transaction(async (tx) => {
    const [lang] = await tx.select().from(lingue).where(eq(lingue.cod_lingua, input.cod_lingua));
    if (!lang) throw new AppError(400, 'avvisi.validation', { fields: { cod_lingua: 'avvisi.valore_non_valido' } });
    const [row] = await tx.insert(traduzioni).values(input).returning();
    await audit(tx as never, user, { entita: 'traduzioni', entita_id: row.id, azione: 'create', dopo: row });
    return row;
  });
}

/** A text changed; audited with the text before. */
export async function updateTranslation(db: Db, user: CurrentUser, input: z.infer<typeof ZTraduzioneUpdate>) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(traduzioni).where(eq(traduzioni.id, input.id));
    if (!before) throw notFound();
    const [row] = await tx.update(traduzioni).set({ testo: input.testo }).where(eq(traduzioni.id, input.id)).returning();
    await audit(tx as never, user, { entita: 'traduzioni', entita_id: row.id, azione: 'update', prima: before, dopo: row });
    return row;
  });
}

/** A text removed; audited. */
export async function deleteTranslation(db: Db, user: CurrentUser, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(traduzioni).where(eq(traduzioni.id, id));
    if (!before) throw notFound();
    await tx.delete(traduzioni).where(eq(traduzioni.id, id));
    await audit(tx as never, user, { entita: 'traduzioni', entita_id: before.id, azione: 'delete', prima: before });
  });
}
