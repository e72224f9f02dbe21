/**
 * Backup and restore round-trip the whole database: PGlite -> PGlite, PostgreSQL -> PostgreSQL, and across
 * engines both ways; every table and sequence compared before and after. A non-empty target is refused
 * without --force, a broken file leaves the target as it was, an older backup is upgraded, the CLI works.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDb, BackupError, parentsFirst, readBackupHeader, restoreDb } from '../../src/platform/backup';
import { MIGRATIONS_DIR, type Db, type DbHandle } from '../../src/platform/db';
import { blankPglite, childEnv, CLI, cleanup, fingerprint, openTarget, pgSkip, pgTarget, ROOT, rowsOf, seededPglite } from './support';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-rel-backup-'));
const file = (name: string) => path.join(tmp, name);

/** Values that a careless dump would damage: quotes, backslashes, newlines, unicode, jsonb, float precision, microseconds. */
async function addAwkwardRows(db: Db) {
  await db.execute(sql`insert into impostazioni (chiave, valore) values ('prova_backup', ${'a\'b"c\\d\n\té ☃ 𝄞 \u0001 end'})`);
  await db.execute(
    sql`insert into audit_log (ts, username, entita, entita_id, azione, prima, dopo, motivo)
        values ('2024-03-31 01:59:59.123456+01', 'x', 'prova', '1', 'prova', ${JSON.stringify({ n: 12345678901234567890.5, s: 'ü"\\', a: [1, null, true] })}::jsonb,
                null, ${'riga 1\nriga 2'})`,
  );
  await db.execute(sql`update timbrature set lat = 44.49438123456789, lon = -0.1 + 1e-15 where id = (select min(id) from timbrature)`);
}

const restoreInto = async (h: DbHandle, f: string, force = false) => restoreDb(h, f, { force });

describe('backup and restore', () => {
  afterAll(async () => {
    await cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  describe('PGlite', () => {
    let src: DbHandle;
    let before: Record<string, string>;
    beforeAll(async () => {
      src = await seededPglite();
      await addAwkwardRows(src.db);
      before = await fingerprint(src.db);
    });
    afterAll(async () => src?.close());

    it('round-trips every table and sequence into a fresh database', async () => {
      const r = await backupDb(src, file('pglite.jsonl.gz'));
      expect(r.rows).toBeGreaterThan(10_000);
      const header = await readBackupHeader(file('pglite.jsonl.gz'));
      expect(header).toMatchObject({ format: 'tulip-backup', engine: 'pglite' });
      // parents before children: employees before their punches
      const order = header.tables.map((t) => t.name);
      expect(order.indexOf('dipendenti')).toBeLessThan(order.indexOf('timbrature'));
      const dst = await blankPglite();
      try {
        expect(await restoreInto(dst, file('pglite.jsonl.gz'))).toMatchObject({ rows: r.rows, migrated: 0 });
        expect(await fingerprint(dst.db)).toEqual(before);
        const [v] = await rowsOf<{ valore: string }>(dst.db, sql`select valore from impostazioni where chiave = 'prova_backup'`);
        expect(v.valore).toBe('a\'b"c\\d\n\té ☃ 𝄞 \u0001 end');
        // the sequences go on after the restored rows
        const [p] = await rowsOf<{ id: number }>(
          dst.db,
          sql`insert into lingue (cod_lingua, descrizione) values ('xx', 'Prova') returning 1 as id`,
        );
        expect(p).toBeTruthy();
        const [max] = await rowsOf<{ m: string; n: string }>(
          dst.db,
          sql`select (select max(id) from timbrature)::text as m, nextval('timbrature_id_seq')::text as n`,
        );
        expect(BigInt(max.n)).toBeGreaterThan(BigInt(max.m));
      } finally {
        await dst.close();
      }
    });

    it('restores a backup of an older version, then applies the newer migrations', async () => {
      // a database migrated only up to the first migration, as an older Tulip would have left it
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
      const old = path.join(tmp, 'migrations-old');
      fs.cpSync(MIGRATIONS_DIR, old, { recursive: true });
      fs.writeFileSync(path.join(old, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
      const oldDb = await blankPglite();
      try {
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        await migrate(oldDb.db as never, { migrationsFolder: old });
        await oldDb.db.execute(sql`insert into lingue (cod_lingua, descrizione) values ('it', 'Italiano')`);
        await backupDb(oldDb, file('old.jsonl.gz'));
      } finally {
        await oldDb.close();
      }
      expect((await readBackupHeader(file('old.jsonl.gz'))).migrations).toHaveLength(1);
      const dst = await blankPglite();
      try {
        const r = await restoreInto(dst, file('old.jsonl.gz'));
        expect(r.migrated).toBe(journal.entries.length - 1);
        const m = await rowsOf<{ n: number }>(dst.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect(m[0].n).toBe(journal.entries.length);
        expect(await rowsOf(dst.db, sql`select cod_lingua from lingue`)).toEqual([{ cod_lingua: 'it' }]);
        // a later table exists and is empty
        expect(await rowsOf(dst.db, sql`select count(*)::int as n from timbrature`)).toEqual([{ n: 0 }]);
      } finally {
        await dst.close();
      }
    });

    it('refuses what is not a backup, or a backup of a newer version, before touching anything', async () => {
      fs.writeFileSync(file('junk.gz'), gzipSync('{"hello":1}\n'));
      fs.writeFileSync(file('plain.txt'), 'not gzip at all');
      const lines = gunzipSync(fs.readFileSync(file('pglite.jsonl.gz'))).toString('utf8').split('\n');
      const h = JSON.parse(lines[0]);
      h.migrations.push({ hash: 'f'.repeat(64), created_at: '9999999999999' });
      fs.writeFileSync(file('newer.jsonl.gz'), gzipSync([JSON.stringify(h), ...lines.slice(1)].join('\n')));
      const dst = await blankPglite();
      try {
        await expect(restoreInto(dst, file('junk.gz'))).rejects.toThrow(/non è un backup/);
        await expect(restoreInto(dst, file('plain.txt'))).rejects.toThrow(BackupError);
        await expect(restoreInto(dst, file('newer.jsonl.gz'))).rejects.toThrow(/più recente/);
        await expect(restoreInto(dst, file('missing.jsonl.gz'))).rejects.toThrow(/non trovato/);
        expect(await rowsOf(dst.db, sql`select to_regclass('public.timbrature') as t`)).toEqual([{ t: null }]);
      } finally {
        await dst.close();
      }
    });
  });

  it('writes the rows of a table that references itself parents first', () => {
    const t = { schema: 'public', name: 'albero', columns: [{ name: 'id', type: 'integer' }, { name: 'padre', type: 'integer' }] };
    const fk = { from: 'public.albero', to: 'public.albero', cols: ['padre'], refCols: ['id'] };
    const lines = ['["1","3"]', '["2",null]', '["3","2"]', '["4","1"]', '["5","5"]'];
    const out = parentsFirst(lines, t, [fk]).map((l) => JSON.parse(l)[0]);
    expect(out).toHaveLength(5);
    for (const [child, parent] of [['1', '3'], ['3', '2'], ['4', '1']]) expect(out.indexOf(parent)).toBeLessThan(out.indexOf(child));
  });

  describe.skipIf(pgSkip())('PostgreSQL, and across engines', () => {
    let pgSrc: DbHandle;
    let pgBefore: Record<string, string>;
    let liteBefore: Record<string, string>;
    beforeAll(async () => {
      pgSrc = await openTarget(await pgTarget());
      await addAwkwardRows(pgSrc.db);
      pgBefore = await fingerprint(pgSrc.db);
      await backupDb(pgSrc, file('pg.jsonl.gz'));
      const lite = await seededPglite();
      try {
        await addAwkwardRows(lite.db);
        liteBefore = await fingerprint(lite.db);
        await backupDb(lite, file('lite.jsonl.gz'));
      } finally {
        await lite.close();
      }
    });
    afterAll(async () => pgSrc?.close());

    it('round-trips into a fresh PostgreSQL database', async () => {
      const dst = await openTarget(await pgTarget(false));
      try {
        await restoreInto(dst, file('pg.jsonl.gz'));
        expect(await fingerprint(dst.db)).toEqual(pgBefore);
      } finally {
        await dst.close();
      }
    });

    it('moves a PGlite database to PostgreSQL, and back', async () => {
      const pg = await openTarget(await pgTarget(false));
      try {
        await restoreInto(pg, file('lite.jsonl.gz'));
        expect(await fingerprint(pg.db)).toEqual(liteBefore);
      } finally {
        await pg.close();
      }
      const lite = await blankPglite();
      try {
        await restoreInto(lite, file('pg.jsonl.gz'));
        expect(await fingerprint(lite.db)).toEqual(pgBefore);
      } finally {
        await lite.close();
      }
    });

    it('refuses a database with data unless forced; a failed restore changes nothing', async () => {
      const dst = await openTarget(await pgTarget());
      try {
        await dst.db.execute(sql`insert into impostazioni (chiave, valore) values ('solo_qui', 'x')`);
        const mine = await fingerprint(dst.db);
        await expect(restoreInto(dst, file('lite.jsonl.gz'))).rejects.toThrow(/contiene già dati.*--force/);
        expect(await fingerprint(dst.db)).toEqual(mine);

        // a truncated file: detected at the end, everything rolled back
        const whole = fs.readFileSync(file('lite.jsonl.gz'));
        fs.writeFileSync(file('cut.jsonl.gz'), whole.subarray(0, Math.floor(whole.length * 0.8)));
        await expect(restoreInto(dst, file('cut.jsonl.gz'), true)).rejects.toThrow(/danneggiato o incompleto/);
        expect(await fingerprint(dst.db)).toEqual(mine);

        // a row the database refuses (duplicate key) deep in the file: rolled back too
        const lines = gunzipSync(whole).toString('utf8').split('\n');
        const at = lines.indexOf('{"table":"public.timbrature"}');
        lines.splice(at + 2, 0, lines[at + 1]);
        const trailer = JSON.parse(lines[lines.length - 2]);
        trailer.rows['public.timbrature'] += 1;
        lines[lines.length - 2] = JSON.stringify(trailer);
        fs.writeFileSync(file('dup.jsonl.gz'), gzipSync(lines.join('\n')));
        await expect(restoreInto(dst, file('dup.jsonl.gz'), true)).rejects.toThrow(/duplicate key|chiave duplicata/);
        expect(await fingerprint(dst.db)).toEqual(mine);

        // forced: replaced by the backup
        await restoreInto(dst, file('lite.jsonl.gz'), true);
        expect(await fingerprint(dst.db)).toEqual(liteBefore);
      } finally {
        await dst.close();
      }
    });

    it('npm run cli -- backup FILE / restore FILE', async () => {
      const a = await pgTarget();
      const b = await pgTarget(false);
      const cli = (url: string, ...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: childEnv({ DATABASE_URL: url }), encoding: 'utf8', timeout: 60_000 });
      const out = file('cli.jsonl.gz');
      const bk = cli(a.url, 'backup', out);
      expect(bk.status, bk.stderr).toBe(0);
      expect(bk.stdout).toMatch(/Backup di \d+ tabelle/);
      const rs = cli(b.url, 'restore', out);
      expect(rs.status, rs.stderr).toBe(0);
      expect(rs.stdout).toMatch(/Ripristinate \d+ tabelle/);
      const again = cli(b.url, 'restore', out);
      expect(again.status).toBe(2);
      expect(again.stderr).toMatch(/--force/);
      const [ha, hb] = [await openTarget(a), await openTarget(b)];
      try {
        expect(await fingerprint(hb.db)).toEqual(await fingerprint(ha.db));
      } finally {
        await ha.close();
        await hb.close();
      }
    });
  });
});
