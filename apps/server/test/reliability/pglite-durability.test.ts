/**
 * PGlite itself across SIGKILL: a writer process commits row after row into a data folder and is killed
 * at random moments; every transaction whose commit had returned is there when the folder is opened
 * again — also those killed before their acknowledgement — and nothing else. (PGlite runs PostgreSQL with
 * fsync off, but writes its WAL to the operating system before a commit returns: a killed process loses
 * nothing; see docs/operations.md for power cuts.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, sleep, waitFor } from './support';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-rel-pglite-'));
const WRITER = path.join(ROOT, 'apps/server/test/reliability/pglite-writer.ts');

describe('PGlite durability', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps every committed transaction across SIGKILL', async () => {
    const seen: string[] = [];
    for (let k = 0; k < 3; k++) {
      const p = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      p.stdout!.on('data', (d) => (out += d));
      const exited = new Promise((r) => p.once('exit', r));
      await waitFor(() => out.includes('ready') || p.exitCode !== null, 'writer ready', undefined, 60_000);
      const from = Number(/ready (\d+)/.exec(out)?.[1] ?? 0);
      await waitFor(() => (out.match(/\n/g) ?? []).length > 40, 'writer writing', undefined, 60_000);
      await sleep(Math.random() * 300);
      p.kill('SIGKILL');
      await exited;
      const last = (re: RegExp) => Math.max(0, ...[...out.matchAll(re)].map((m) => Number(m[1])));
      const committed = last(/c(\d+)/g);
      const acked = last(/a(\d+)/g);
      const db = await PGlite.create({ dataDir: dir });
      const { rows } = await db.query<{ max: number; n: number }>('select coalesce(max(i), 0)::int as max, count(*)::int as n from t');
      await db.close();
      const stored = rows[0];
      expect(stored.n).toBe(stored.max); // no hole
      expect(stored.max).toBeGreaterThanOrEqual(committed); // every commit that returned
      expect(stored.max).toBeLessThanOrEqual(committed + 1); // at most the one being committed
      seen.push(`killed after ${acked} acknowledged / ${committed} committed (started at ${from}): ${stored.max} stored`);
    }
    console.log(`[pglite durability] ${seen.join('; ')}`);
  });
});
