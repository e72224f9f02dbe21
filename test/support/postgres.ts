/**
 * A throwaway PostgreSQL cluster for the tests: initdb + pg_ctl on a free local port, run as the
 * `postgres` user when we are root. Returns null when PostgreSQL is not installed.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPgBin(): string | null {
  const roots = ['/usr/lib/postgresql'];
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const bin = path.join(root, v, 'bin');
      if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type PgCluster = {
  url: (db?: string) => string;
  stop: () => void;
  /** `pg_ctl restart -m fast`, as an administrator does: every session is cut; resolves when the server accepts again. */
  restart: () => Promise<void>;
};

export async function startPostgres(): Promise<PgCluster | null> {
  const bin = findPgBin();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const ctl = ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60'];
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200 ${process.env.TEST_PG_OPTS ?? ''}`;
  run('pg_ctl', [...ctl, '-o', opts, 'start']);
  return {
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    // not execFileSync: the test's own clients keep running (and meeting the outage) while it restarts
    restart: () =>
      new Promise<void>((resolve, reject) => {
        const full = path.join(bin, 'pg_ctl');
        const args = [...ctl, '-m', 'fast', '-o', opts, 'restart'];
        const p = asRoot ? spawn('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' }) : spawn(full, args, { stdio: 'pipe' });
        let err = '';
        p.stderr.on('data', (d) => (err += d));
        p.on('error', reject);
        p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart: ${code} ${err}`))));
      }),
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
        if (process.env.TEST_PG_LOG) fs.copyFileSync(path.join(dir, 'log'), process.env.TEST_PG_LOG);
      } catch {
        /* already gone */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
