/**
 * Logical backup and restore: one portable file for both engines, so a PGlite backup restores into
 * PostgreSQL (the way from the embedded database to production) and back.
 *
 * File: gzip'd JSON lines.
 *   1. header  {"format":"tulip-backup","version":1,"engine","created_at","app","migrations":[{hash,created_at}],"tables":[{schema,name,columns:[{name,type}]}]}
 *   2. for each table, in foreign-key order: {"table":"schema.name"} then one line per row, a JSON
 *      array of the columns' text forms (null = NULL), in the header's column order
 *   3. trailer {"end":true,"rows":{"schema.name":n},"sequences":[{schema,name,last_value,is_called}]}
 * Values travel in PostgreSQL's own text form (ISO dates, UTC instants with their offset, shortest exact
 * floats), read back with a cast to the column's type: no precision is lost through JavaScript.
 *
 * Backup reads one consistent snapshot (repeatable read, read only) through a cursor, writes a temporary
 * file, syncs it and renames it: a failed backup leaves no half file. Restore runs in ONE transaction:
 * it empties the target (refused when it holds data, unless `force`), recreates the schema at the
 * backup's migration level, loads the rows, sets the sequences, then applies the newer migrations of
 * this version; any error rolls everything back and the database stays as it was.
 */
import fs from 'node:fs';
import { createGunzip, createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { CLIENT_VERSION } from '@tulip/contract';
import { MIGRATIONS_DIR, rowsOf, type Db, type DbHandle } from './db';
import { now } from './clock';

export const BACKUP_FORMAT = 'tulip-backup';
const FORMAT_VERSION = 1;
const FETCH = 2000; // rows per cursor fetch
const BATCH_ROWS = 2000; // rows per INSERT on restore
const BATCH_CHARS = 4 * 1024 * 1024;

type Column = { name: string; type: string };
export type TableInfo = { schema: string; name: string; columns: Column[] };
type Migration = { hash: string; created_at: string };
export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  engine: DbHandle['kind'];
  created_at: string;
  app: string;
  migrations: Migration[];
  tables: TableInfo[];
};
type Sequence = { schema: string; name: string; last_value: string; is_called: boolean };
type Trailer = { end: true; rows: Record<string, number>; sequences: Sequence[] };

/** A restore refused before touching anything (non-empty target, unknown version, not a backup file). */
export class BackupError extends Error {}

/** The database's own message: drizzle's wrapper quotes the whole query and its parameters (megabytes on restore). */
function dbError(err: unknown, what: string): Error {
  const cause = (err as { cause?: unknown }).cause;
  const msg = cause instanceof Error ? cause.message : err instanceof Error ? err.message : String(err);
  return new Error(`${what}: ${msg}`, { cause: err });
}

const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
const ident = (t: { schema: string; name: string }) => sql`${sql.identifier(t.schema)}.${sql.identifier(t.name)}`;
const USER_SCHEMAS = sql`n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg\\_%'`;
/** objects created by an extension belong to it: never dumped nor dropped */
const NOT_EXTENSION = (oid: SQL) => sql`not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;

/** The same text forms whatever the database's or the role's settings. */
async function normalizeSession(tx: Db) {
  for (const s of ["timezone = 'UTC'", "datestyle = 'ISO, YMD'", "intervalstyle = 'postgres'", 'extra_float_digits = 3', "bytea_output = 'hex'"]) {
    await tx.execute(sql.raw(`set local ${s}`));
  }
}

async function listTables(tx: Db): Promise<TableInfo[]> {
  const cols = await rowsOf<{ schema: string; table: string; name: string; type: string }>(
    tx,
    sql`select n.nspname as schema, c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
        where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS} and ${NOT_EXTENSION(sql`c.oid`)}
          and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by n.nspname, c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    const k = `${c.schema}.${c.table}`;
    if (!tables.has(k)) tables.set(k, { schema: c.schema, name: c.table, columns: [] });
    tables.get(k)!.columns.push({ name: c.name, type: c.type });
  }
  return [...tables.values()];
}

export type ForeignKey = { from: string; to: string; cols: string[]; refCols: string[] };

async function foreignKeys(tx: Db): Promise<ForeignKey[]> {
  const rows = await rowsOf<{ src: string; dst: string; cols: string; refcols: string }>(
    tx,
    sql`select fn.nspname || '.' || fc.relname as src, tn.nspname || '.' || tc.relname as dst,
          (select json_agg(a.attname order by k.i)::text from unnest(con.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as cols,
          (select json_agg(a.attname order by k.i)::text from unnest(con.confkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as refcols
        from pg_constraint con
        join pg_class fc on fc.oid = con.conrelid join pg_namespace fn on fn.oid = fc.relnamespace
        join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
        where con.contype = 'f'`,
  );
  return rows.map((r) => ({ from: r.src, to: r.dst, cols: JSON.parse(r.cols), refCols: JSON.parse(r.refcols) }));
}

/** Parents before children; a cycle between different tables cannot be loaded row by row. */
function fkOrder(tables: TableInfo[], fks: ForeignKey[]): TableInfo[] {
  const byKey = new Map(tables.map((t) => [key(t), t]));
  const deps = new Map(tables.map((t) => [key(t), new Set<string>()]));
  for (const fk of fks) if (fk.from !== fk.to && byKey.has(fk.from) && byKey.has(fk.to)) deps.get(fk.from)!.add(fk.to);
  const out: TableInfo[] = [];
  const done = new Set<string>();
  while (out.length < tables.length) {
    const ready = [...deps].filter(([k, d]) => !done.has(k) && [...d].every((x) => done.has(x))).map(([k]) => k).sort();
    if (!ready.length) {
      const left = [...deps.keys()].filter((k) => !done.has(k));
      throw new BackupError(`Ciclo di chiavi esterne tra le tabelle ${left.join(', ')}: backup non supportato`);
    }
    for (const k of ready) {
      done.add(k);
      out.push(byKey.get(k)!);
    }
  }
  return out;
}

async function primaryKeyOrder(tx: Db, t: TableInfo): Promise<SQL> {
  const [row] = await rowsOf<{ cols: string | null }>(
    tx,
    sql`select (select json_agg(a.attname order by k.i)::text from unnest(con.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as cols
        from pg_constraint con where con.contype = 'p' and con.conrelid = ${qualified(t)}::regclass`,
  );
  const cols: string[] = row?.cols ? JSON.parse(row.cols) : [];
  return cols.length ? sql` order by ${sql.join(cols.map((c) => sql.identifier(c)), sql`, `)}` : sql``;
}

async function listSequences(tx: Db): Promise<Sequence[]> {
  const seqs = await rowsOf<{ schema: string; name: string }>(
    tx,
    sql`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and ${USER_SCHEMAS} and ${NOT_EXTENSION(sql`c.oid`)} order by 1, 2`,
  );
  const out: Sequence[] = [];
  for (const s of seqs) {
    const [v] = await rowsOf<{ last_value: string; is_called: boolean }>(tx, sql`select last_value::text as last_value, is_called from ${ident(s)}`);
    out.push({ ...s, last_value: v.last_value, is_called: v.is_called });
  }
  return out;
}

async function appliedMigrations(tx: Db): Promise<Migration[] | null> {
  const [t] = await rowsOf<{ ok: boolean }>(tx, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!t.ok) return null;
  return rowsOf<Migration>(tx, sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id`);
}

/** Rows of a table whose foreign key points at itself, parents first (the file is loaded in order). Exported for its test. */
export function parentsFirst(lines: string[], t: TableInfo, fks: ForeignKey[]): string[] {
  const self = fks.filter((fk) => fk.from === key(t) && fk.to === key(t));
  if (!self.length) return lines;
  const idx = (names: string[]) => names.map((n) => t.columns.findIndex((c) => c.name === n));
  const rows = lines.map((l) => JSON.parse(l) as (string | null)[]);
  const owners = self.map((fk) => {
    const ref = idx(fk.refCols);
    const map = new Map<string, number>();
    rows.forEach((r, i) => map.set(JSON.stringify(ref.map((j) => r[j])), i));
    return { cols: idx(fk.cols), map };
  });
  const out: string[] = [];
  const state = new Uint8Array(rows.length); // 0 new, 1 visiting, 2 written
  const visit = (i: number) => {
    if (state[i] === 2) return;
    if (state[i] === 1) throw new BackupError(`Ciclo di righe nella tabella ${key(t)}: backup non supportato`);
    state[i] = 1;
    for (const o of owners) {
      const vals = o.cols.map((j) => rows[i][j]);
      const parent = vals.some((v) => v === null) ? undefined : o.map.get(JSON.stringify(vals));
      if (parent !== undefined && parent !== i) visit(parent);
    }
    state[i] = 2;
    out.push(lines[i]);
  };
  rows.forEach((_, i) => visit(i));
  return out;
}

export type BackupResult = { tables: number; rows: number; bytes: number };

/** Writes the whole database to `file` (gzip'd JSON lines); the file appears only when complete. */
export async function backupDb(handle: DbHandle, file: string, log: (s: string) => void = () => undefined): Promise<BackupResult> {
  const tmp = `${file}.tmp-${process.pid}`;
  let total = 0;
  let tableCount = 0;
  try {
    await handle.db.transaction(
      async (tx) => {
        await normalizeSession(tx);
        const migrations = await appliedMigrations(tx);
        if (!migrations?.length) throw new BackupError('Database non inizializzato: nessuna migrazione applicata');
        const fks = await foreignKeys(tx);
        const tables = fkOrder(await listTables(tx), fks);
        tableCount = tables.length;
        const header: BackupHeader = {
          format: BACKUP_FORMAT, version: FORMAT_VERSION, engine: handle.kind, created_at: now().toISOString(), app: CLIENT_VERSION, migrations, tables,
        };
        async function* content() {
          yield `${JSON.stringify(header)}\n`;
          const counts: Record<string, number> = Object.create(null); // keyed by table names from the catalog
          for (const t of tables) {
            yield `${JSON.stringify({ table: key(t) })}\n`;
            const self = fks.some((fk) => fk.from === key(t) && fk.to === key(t));
            const cols = t.columns.map((c) => sql`${sql.identifier(c.name)}::text`);
            const select = sql`select to_json(array[${sql.join(cols, sql`, `)}]::text[])::text as r from ${ident(t)}${await primaryKeyOrder(tx, t)}`;
            await tx.execute(sql`declare tulip_backup no scroll cursor for ${select}`);
            let n = 0;
            const held: string[] = [];
            for (;;) {
              const batch = await rowsOf<{ r: string }>(tx, sql.raw(`fetch forward ${FETCH} from tulip_backup`));
              if (!batch.length) break;
              n += batch.length;
              if (self) for (const b of batch) held.push(b.r);
              else yield `${batch.map((b) => b.r).join('\n')}\n`;
            }
            await tx.execute(sql`close tulip_backup`);
            if (self && held.length) yield `${parentsFirst(held, t, fks).join('\n')}\n`;
            counts[key(t)] = n;
            total += n;
            log(`${key(t)}: ${n} righe`);
          }
          const trailer: Trailer = { end: true, rows: counts, sequences: await listSequences(tx) };
          yield `${JSON.stringify(trailer)}\n`;
        }
        await pipeline(content, createGzip(), fs.createWriteStream(tmp));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const fh = await fs.promises.open(tmp, 'r+');
    await fh.sync();
    await fh.close();
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  return { tables: tableCount, rows: total, bytes: fs.statSync(file).size };
}

/** The lines of a gzip'd file; a truncated or corrupt file ends in an error, never in a short read. */
async function* readLines(file: string): AsyncGenerator<string> {
  const src = fs.createReadStream(file);
  const gunzip = createGunzip();
  src.on('error', (err) => gunzip.destroy(err));
  src.pipe(gunzip).setEncoding('utf8');
  let buf = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      buf += chunk;
      let start = 0;
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n', start)) {
        yield buf.slice(start, i);
        start = i + 1;
      }
      buf = buf.slice(start);
    }
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('Z_')) throw new BackupError(`File di backup danneggiato o incompleto (${(err as Error).message})`);
    throw err;
  } finally {
    src.destroy();
    gunzip.destroy();
  }
  if (buf) yield buf;
}

/** The header of a backup file (validated), without reading the rest. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readLines(file);
  try {
    return parseHeader((await lines.next()).value);
  } finally {
    await lines.return(undefined);
  }
}

function parseHeader(line: string | undefined): BackupHeader {
  let h: BackupHeader | undefined;
  try {
    h = line ? JSON.parse(line) : undefined;
  } catch {
    /* not JSON */
  }
  if (!h || h.format !== BACKUP_FORMAT || !Array.isArray(h.migrations) || !Array.isArray(h.tables)) throw new BackupError('Il file non è un backup di Tulip');
  if (h.version !== FORMAT_VERSION) throw new BackupError(`Formato di backup ${h.version} non supportato da questa versione (${FORMAT_VERSION})`);
  return h;
}

/** Runs migrations inside the caller's transaction, recording them as drizzle's migrator does. */
async function applyMigrations(tx: Db, list: MigrationMeta[]) {
  await tx.execute(sql`create schema if not exists "drizzle"`);
  await tx.execute(sql`create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)`);
  for (const m of list) {
    for (const stmt of m.sql) {
      if (!stmt.trim()) continue;
      try {
        await tx.execute(sql.raw(stmt));
      } catch (err) {
        throw dbError(err, `Migrazione ${m.hash.slice(0, 12)} fallita`);
      }
    }
    await tx.execute(sql`insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values (${m.hash}, ${m.folderMillis})`);
  }
}

/** Drops every user object (tables, views, sequences, types, the migrations record): the target becomes a blank database. */
async function wipe(tx: Db) {
  await tx.execute(sql`drop schema if exists "drizzle" cascade`);
  const schemas = await rowsOf<{ name: string }>(
    tx,
    sql`select n.nspname as name from pg_namespace n where ${USER_SCHEMAS} and n.nspname <> 'public' and ${NOT_EXTENSION(sql`n.oid`)}
          and n.nspowner = (select oid from pg_roles where rolname = current_user)`,
  );
  for (const s of schemas) await tx.execute(sql`drop schema ${sql.identifier(s.name)} cascade`);
  const rels = await rowsOf<{ name: string; kind: string }>(
    tx,
    sql`select c.relname as name, c.relkind as kind from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S') and ${NOT_EXTENSION(sql`c.oid`)}
          and not (c.relkind = 'r' and c.relispartition)`,
  );
  const drop: Record<string, string> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence' };
  for (const kind of ['v', 'm', 'r', 'p', 'S']) {
    for (const r of rels.filter((x) => x.kind === kind)) {
      await tx.execute(sql`drop ${sql.raw(drop[kind])} if exists ${sql.identifier('public')}.${sql.identifier(r.name)} cascade`);
    }
  }
  const types = await rowsOf<{ name: string }>(
    tx,
    sql`select t.typname as name from pg_type t
        where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'c') and ${NOT_EXTENSION(sql`t.oid`)}
          and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')`,
  );
  for (const t of types) await tx.execute(sql`drop type if exists ${sql.identifier('public')}.${sql.identifier(t.name)} cascade`);
}

export type RestoreResult = { tables: number; rows: number; migrated: number };

/**
 * Replaces the whole database with the backup in `file`, in one transaction. A database holding data
 * is refused unless `force`; a backup from a newer Tulip (unknown migrations) is refused.
 */
export async function restoreDb(
  handle: DbHandle,
  file: string,
  opts: { force?: boolean; log?: (s: string) => void } = {},
): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  if (!fs.existsSync(file)) throw new BackupError(`File non trovato: ${file}`);
  const lines = readLines(file);
  try {
    const header = parseHeader((await lines.next()).value);
    const code = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
    const level = header.migrations.length;
    const known = header.migrations.every((m, i) => code[i] && code[i].hash === m.hash && String(code[i].folderMillis) === String(m.created_at));
    if (!known || level > code.length) {
      throw new BackupError(`Backup creato da una versione di Tulip più recente o diversa (${header.app}, ${level} migrazioni): aggiorna Tulip prima di ripristinarlo`);
    }
    return await handle.db.transaction(async (tx) => {
      if (handle.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(727274)`); // no server migrates meanwhile
      await normalizeSession(tx);
      const present = await listTables(tx);
      const withData: string[] = [];
      for (const t of present) {
        const [r] = await rowsOf<{ any: boolean }>(tx, sql`select exists (select 1 from ${ident(t)}) as any`);
        if (r.any) withData.push(key(t));
      }
      if (withData.length && !opts.force) {
        throw new BackupError(
          `Il database contiene già dati (${withData.length} tabelle, es. ${withData.slice(0, 3).join(', ')}): usa --force per sostituirli con il backup`,
        );
      }
      await wipe(tx);
      await applyMigrations(tx, code.slice(0, level));
      // the schema rebuilt at the backup's level must be the backup's
      const target = new Map((await listTables(tx)).map((t) => [key(t), t]));
      for (const t of header.tables) {
        const have = target.get(key(t));
        const sig = (cs: Column[]) => JSON.stringify(cs.map((c) => [c.name, c.type]).sort());
        if (!have || sig(have.columns) !== sig(t.columns)) throw new BackupError(`La tabella ${key(t)} del backup non corrisponde allo schema di questa versione`);
      }
      // the types cast to come from the catalog, never from the file
      const tables = new Map(
        header.tables.map((t) => {
          const types = new Map(target.get(key(t))!.columns.map((c) => [c.name, c.type]));
          return [key(t), { ...t, columns: t.columns.map((c) => ({ name: c.name, type: types.get(c.name)! })) }];
        }),
      );
      const counts: Record<string, number> = Object.create(null); // keyed by table names from the catalog
      let current: TableInfo | undefined;
      let batch: string[] = [];
      let chars = 0;
      let total = 0;
      const flush = async () => {
        if (!batch.length || !current) return;
        const t = current;
        const names = sql.join(t.columns.map((c) => sql.identifier(c.name)), sql`, `);
        const casts = sql.join(t.columns.map((c, i) => sql`(e->>${sql.raw(String(i))})::${sql.raw(c.type)}`), sql`, `);
        try {
          await tx.execute(
            sql`insert into ${ident(t)} (${names}) overriding system value select ${casts} from json_array_elements(${`[${batch.join(',')}]`}::json) as e`,
          );
        } catch (err) {
          throw dbError(err, `Ripristino della tabella ${key(t)} fallito`);
        }
        counts[key(t)] = (counts[key(t)] ?? 0) + batch.length;
        total += batch.length;
        batch = [];
        chars = 0;
      };
      let trailer: Trailer | undefined;
      for await (const line of lines) {
        if (trailer) throw new BackupError('Dati dopo la fine del backup: file non valido');
        if (line.startsWith('[')) {
          if (!current) throw new BackupError('Riga senza tabella: file non valido');
          batch.push(line);
          chars += line.length;
          if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
          continue;
        }
        if (!line) continue;
        let ctl: { table?: string } & Partial<Trailer>;
        try {
          ctl = JSON.parse(line);
        } catch {
          throw new BackupError('Riga non leggibile: file non valido');
        }
        await flush();
        if (current) log(`${key(current)}: ${counts[key(current)] ?? 0} righe`);
        if (ctl.table !== undefined) {
          current = tables.get(ctl.table);
          if (!current) throw new BackupError(`Tabella ${ctl.table} non dichiarata nell'intestazione: file non valido`);
        } else if (ctl.end) {
          trailer = ctl as Trailer;
          current = undefined;
        } else {
          throw new BackupError('Riga non riconosciuta: file non valido');
        }
      }
      if (!trailer) throw new BackupError('Backup incompleto (manca la fine del file)');
      for (const t of header.tables) {
        const want = trailer.rows[key(t)] ?? 0;
        if ((counts[key(t)] ?? 0) !== want) throw new BackupError(`Backup incompleto: ${key(t)} ha ${counts[key(t)] ?? 0} righe invece di ${want}`);
      }
      for (const s of trailer.sequences) {
        await tx.execute(sql`select setval(${qualified(s)}::regclass, ${s.last_value}::bigint, ${s.is_called})`);
      }
      const newer = code.slice(level);
      await applyMigrations(tx, newer);
      if (newer.length) log(`${newer.length} migrazioni successive applicate`);
      return { tables: header.tables.length, rows: total, migrated: newer.length };
    });
  } finally {
    await lines.return(undefined);
  }
}

