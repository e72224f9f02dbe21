/**
 * Files, one way for every module (issue #13): receipts, signatures, templates, generated PDF and DOCX.
 * - Stored in the database (file + file_contenuti, content-addressed by SHA-256): one copy of equal bytes.
 * - Uploaded through one multipart route with its own limit (10 MB), apart from the JSON body limit.
 * - Typed by their content, never by their name or the browser's word: a file whose bytes are not one of the
 *   accepted kinds is refused.
 * - Checked when taken in, never when used (issue #27 §2, platform/intake.ts): an image within its pixel limits, a PNG
 *   decoded once in a worker and stored as the clean PNG written from its pixels; a DOCX or XLSX within its ZIP limits.
 * - Served back with their type and a Content-Disposition carrying their name.
 * A module keeps the file's id on its record and serves it through its own routes, with its own scope checks
 * (`readFile` + `sendFile`); the generic GET answers only the user who uploaded it (the preview after an upload).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { FILE_MAX_BYTES, OPS_FILES } from '@tulip/contract';
import { nowMs, realNowSql, realSecondsUntil, realWindowStart } from './clock';
import { UPLOAD_FINESTRA_MIN, type Config } from './config';
import { rowsOf, type Db } from './db';
import { file, fileBlocchi, fileContenuti } from './db/tables';
import { AppError, badRequest, notFound } from './errors';
import { currentUser } from './guard';
import { checkZip, looksLikeZip, takeImage } from './intake';
import { route } from './operation';


/** The kinds a module may accept, by the type their bytes say. */
export const FILE_KINDS = {
  pdf: ['application/pdf'],
  immagine: ['image/png', 'image/jpeg', 'image/webp'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  csv: ['text/csv'],
} as const;
export type FileKind = keyof typeof FILE_KINDS;
const ALL_KINDS = Object.keys(FILE_KINDS) as FileKind[];

export type StoredFile = { id: string; nome: string; tipo: string; dimensione: number; sha256: string };

/**
 * The type of some bytes, read from their content. Text has no signature: a CSV is accepted when its bytes are
 * UTF-8 text (no NUL, no invalid sequence) and its name ends in .csv.
 */
export async function sniff(bytes: Buffer, nome: string): Promise<string | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (found) return found.mime;
  if (/\.csv$/i.test(nome) && !bytes.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return 'text/csv';
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A name safe to store and to send back: no path, no control characters, at most 255 characters. */
export function cleanName(nome: string): string {
  const base = nome.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-255);
  return clean || 'file';
}

/**
 * The bytes to store for an upload, after the checks of its kind (platform/intake.ts): a ZIP's limits before anything
 * reads inside it, an image's pixel limits, a PNG written again from its pixels (in a worker, off the event loop).
 */
async function takeIn(bytes: Buffer, nome: string, kinds: FileKind[]): Promise<{ tipo: string; bytes: Buffer }> {
  if (!bytes.length) throw badRequest({ file: 'avvisi.file_vuoto' });
  if (bytes.length > FILE_MAX_BYTES) throw new AppError(413, 'avvisi.payload_too_large');
  if (looksLikeZip(bytes)) await checkZip(bytes);
  const tipo = await sniff(bytes, nome);
  const allowed = kinds.flatMap((k) => FILE_KINDS[k] as readonly string[]);
  if (!tipo || !allowed.includes(tipo)) throw new AppError(415, 'avvisi.tipo_file_non_ammesso', { tipi: kinds.join(', ') });
  if ((FILE_KINDS.immagine as readonly string[]).includes(tipo)) return { tipo, bytes: await takeImage(bytes, tipo) };
  return { tipo, bytes };
}

/** The size of a file_blocchi block: one statement of the embedded database per block, a few ms each (issue #27 §3). */
export const FILE_BLOCCO_BYTES = 256 * 1024;

/**
 * Writes the blocks of some bytes, each its own statement outside any transaction: on the embedded database a
 * transaction holds the whole database, and one 10 MB statement held the event loop for seconds. Writing a block again
 * (equal bytes uploaded twice, or after an upload cut short) refreshes its time, so the cleanup leaves it alone.
 */
async function writeBlocks(db: Db, sha256: string, bytes: Buffer): Promise<number> {
  const count = Math.max(1, Math.ceil(bytes.length / FILE_BLOCCO_BYTES));
  for (let n = 0; n < count; n++) {
    const dati = bytes.subarray(n * FILE_BLOCCO_BYTES, (n + 1) * FILE_BLOCCO_BYTES);
    await db.insert(fileBlocchi).values({ sha256, n, dati })
      .onConflictDoUpdate({ target: [fileBlocchi.sha256, fileBlocchi.n], set: { creato_il: sql`excluded.creato_il` } });
    // the embedded database answers within the same turn of the event loop: let other requests in between blocks
    await new Promise<void>((go) => setImmediate(go));
  }
  return count;
}

/** Stores a file after checking its content is one of `kinds` and within its limits; equal bytes are stored once. */
export async function storeFile(db: Db, input: { nome: string; bytes: Buffer; utenteId: number | null; kinds?: FileKind[]; upload?: boolean }): Promise<StoredFile> {
  const nome = cleanName(input.nome);
  const { tipo, bytes } = await takeIn(input.bytes, nome, input.kinds ?? ALL_KINDS);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const dimensione = bytes.length;
  const [known] = await db.select({ sha256: fileContenuti.sha256 }).from(fileContenuti).where(eq(fileContenuti.sha256, sha256));
  const blocks = known ? 0 : await writeBlocks(db, sha256, bytes);
  const write = async (tx: Db) => {
    if (!known) {
      // the content row says its blocks are all there: never before they are
      const [{ written }] = await tx.select({ written: count() }).from(fileBlocchi).where(eq(fileBlocchi.sha256, sha256));
      if (written < blocks) throw new AppError(409, 'avvisi.modifica_concorrente');
      await tx.insert(fileContenuti).values({ sha256, dimensione }).onConflictDoNothing();
    }
    const [row] = await tx.insert(file).values({ sha256, nome, tipo, dimensione, caricato_da: input.utenteId, ...(input.upload ? { ricevuto_il: realNowSql() } : {}) }).returning();
    return { id: row.id, nome: row.nome, tipo: row.tipo, dimensione: row.dimensione, sha256 };
  };
  return db.transaction((tx) => write(tx as unknown as Db));
}

/** The bytes of a stored content, from its blocks in order. */
async function readContent(db: Db, sha256: string): Promise<Buffer> {
  const rows = await db.select({ dati: fileBlocchi.dati }).from(fileBlocchi).where(eq(fileBlocchi.sha256, sha256)).orderBy(asc(fileBlocchi.n));
  return rows.length === 1 ? rows[0].dati : Buffer.concat(rows.map((r) => r.dati));
}

/** A stored file with its bytes, or undefined. */
export async function readFile(db: Db, id: string): Promise<(StoredFile & { contenuto: Buffer; caricato_da: number | null }) | undefined> {
  const [row] = await db
    .select({ id: file.id, nome: file.nome, tipo: file.tipo, dimensione: file.dimensione, sha256: file.sha256, caricato_da: file.caricato_da })
    .from(file)
    .where(eq(file.id, id));
  if (!row) return undefined;
  return { ...row, contenuto: await readContent(db, row.sha256) };
}

/** Sends a stored file: its type, its name (RFC 6266, UTF-8), shown in the page or downloaded. */
export function sendFile(reply: FastifyReply, f: { nome: string; tipo: string; contenuto: Buffer }, disposition: 'inline' | 'attachment' = 'attachment') {
  const ascii = f.nome.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return reply
    .header('content-type', f.tipo)
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.nome)}`)
    .header('cache-control', 'private, no-cache')
    .send(f.contenuto);
}

export type UploadLimits = { rate: number; quotaMb: number };

const tooMany = (message: string, params: Record<string, number>, seconds: number) =>
  new AppError(429, message, { ...params, attesa: Math.max(1, Math.ceil(seconds / 60)), secondi: Math.max(1, Math.ceil(seconds)) });

/**
 * A user's uploads through POST /api/file (files the server generates are not counted): at most `rate` in
 * UPLOAD_FINESTRA_MIN minutes and `quotaMb` MB in 24 hours, on the real clock like every rate limit; over either, a 429
 * saying the limit and when to try again (also as Retry-After). `bytes` is the size about to be stored.
 */
export async function checkUploadLimits(db: Db, utenteId: number, limits: UploadLimits, bytes = 0): Promise<void> {
  const [r] = await db
    .select({ n: count(), attesa: realSecondsUntil(sql`min(${file.ricevuto_il})`, UPLOAD_FINESTRA_MIN).mapWith(String) })
    .from(file)
    .where(and(eq(file.caricato_da, utenteId), gt(file.ricevuto_il, realWindowStart(UPLOAD_FINESTRA_MIN))));
  if (r.n >= limits.rate) throw tooMany('avvisi.troppi_caricamenti', { limite: limits.rate, minuti: UPLOAD_FINESTRA_MIN }, Number(r.attesa));
  const day = await db
    .select({ dimensione: file.dimensione, libera: realSecondsUntil(sql`${file.ricevuto_il}`, 24 * 60).mapWith(String) })
    .from(file)
    .where(and(eq(file.caricato_da, utenteId), gt(file.ricevuto_il, realWindowStart(24 * 60))))
    .orderBy(asc(file.ricevuto_il));
  const quota = limits.quotaMb * MB;
  let total = day.reduce((sum, f) => sum + f.dimensione, 0);
  if (total + bytes <= quota) return;
  const caricati = Math.round((total / MB) * 10) / 10;
  // the moment enough of the last 24 hours' uploads have left the window for this one to fit
  let seconds = 24 * 3600;
  for (const f of day) {
    total -= f.dimensione;
    if (total + bytes <= quota) {
      seconds = Number(f.libera);
      break;
    }
  }
  throw tooMany('avvisi.quota_caricamenti', { limite_mb: limits.quotaMb, caricati_mb: caricati }, seconds);
}

const MB = 1024 * 1024;

/** An upload no record points at is removed this many hours after it was stored (the time to fill in its form). */
export const FILE_ORFANO_ORE = 24;

/**
 * The daily cleanup (main.ts): files no record points at, stored more than FILE_ORFANO_ORE hours ago (on the company's
 * clock), then the contents and blocks no file points at. A record points at a file through a foreign key to file.id
 * (found in the catalog, so a new module's is covered with no line here) or through the ids its module's manifest
 * declares (`fileRefs`). Answers how many files and contents were removed.
 */
export async function removeUnreferencedFiles(db: Db, fileRefs: ((db: Db) => Promise<string[]>)[]): Promise<{ file: number; contenuti: number }> {
  const cutoff = new Date(nowMs() - FILE_ORFANO_ORE * 3600_000).toISOString();
  return db.transaction(async (tx) => {
    const fks = await rowsOf<{ schema: string; tabella: string; colonna: string }>(tx, sql`
      select n.nspname as schema, cl.relname as tabella, a.attname as colonna
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'file'::regclass and cardinality(c.conkey) = 1`);
    const declared = (await Promise.all(fileRefs.map((refs) => refs(tx as unknown as Db)))).flat().filter((id) => UUID.test(id));
    const notReferenced = fks.map((fk) => sql`and not exists (select 1 from ${sql.identifier(fk.schema)}.${sql.identifier(fk.tabella)} r where r.${sql.identifier(fk.colonna)} = f.id)`);
    const files = await rowsOf(tx, sql`
      delete from file f
      where f.caricato_il < ${cutoff}::timestamptz
        and f.id <> all(${`{${declared.join(',')}}`}::uuid[])
        ${sql.join(notReferenced, sql` `)}
      returning f.id`);
    const contents = await rowsOf(tx, sql`
      delete from file_contenuti c
      where c.creato_il < ${cutoff}::timestamptz and not exists (select 1 from file f where f.sha256 = c.sha256)
      returning c.sha256`);
    // blocks of contents removed, or of an upload cut short before its content row was written
    await tx.execute(sql`
      delete from file_blocchi b
      where b.creato_il < ${cutoff}::timestamptz and not exists (select 1 from file_contenuti c where c.sha256 = b.sha256)`);
    return { file: files.length, contenuti: contents.length };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


/** The upload route and the uploader's own read-back. */
export async function fileRoutes(app: FastifyInstance, deps: { db: Db; config: Pick<Config, 'uploadRate' | 'uploadQuotaMb'> }) {
  // its own context: multipart bodies are understood by this route only; every other route still refuses them (415)
  await app.register(async (scope) => {
    await scope.register(import('@fastify/multipart'), { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    uploadRoutes(scope, deps.db, { rate: deps.config.uploadRate, quotaMb: deps.config.uploadQuotaMb });
  });
}

/**
 * The one file of a multipart body. What the parser cannot read (no boundary, a body cut short, a part header of
 * garbage) is the sender's fault: a 400 naming it, never a 500; its limits keep their 413.
 */
async function readUpload(req: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  try {
    const part = await req.file();
    if (!part) throw badRequest({ file: 'avvisi.file_mancante' });
    const bytes = await part.toBuffer();
    // a file cut at the limit is refused, never stored half
    if (part.file.truncated) throw new AppError(413, 'avvisi.payload_too_large');
    return { filename: part.filename, bytes };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError(413, 'avvisi.payload_too_large');
    throw new AppError(400, 'avvisi.multipart_non_valido');
  }
}

function uploadRoutes(app: FastifyInstance, db: Db, limits: UploadLimits) {
  route(app, OPS_FILES.carica, async (req, reply) => {
    const user = currentUser(req);
    if (!req.isMultipart()) throw new AppError(415, 'avvisi.unsupported_media');
    // before the body is read (a burst is refused without taking in its bytes), and again with its size
    await checkUploadLimits(db, user.id, limits);
    const { filename, bytes } = await readUpload(req);
    await checkUploadLimits(db, user.id, limits, bytes.length);
    const stored = await storeFile(db, { nome: filename, bytes, utenteId: user.id, upload: true });
    return reply.status(201).send({ message: 'avvisi.created', params: { context: 'file', nome: stored.nome }, data: stored });
  });

  route(app, OPS_FILES.leggi, async (req, reply) => {
    const f = await readFile(db, req.params.id);
    if (!f || f.caricato_da !== currentUser(req).id) throw notFound();
    return sendFile(reply, f, 'inline');
  });
}
