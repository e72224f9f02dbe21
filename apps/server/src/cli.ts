/**
 * npm run cli -- migrate | seed | create-admin --username NAME [--email E] (password: TULIP_ADMIN_PASSWORD or prompt)
 *                | backup FILE | restore FILE [--force]   (docs/operations.md)
 */
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { PASSWORD_MIN } from '@tulip/contract';
import { openAndPrepare } from './bootstrap';
import { backupDb, BackupError, restoreDb } from './platform/backup';
import { ClockSpecError, startClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { dbOptions, openDb } from './platform/db';
import { createAdmin } from './seed';

const [cmd, ...rest] = process.argv.slice(2);
const arg = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const config = loadConfig();

async function askPassword(): Promise<string> {
  if (process.env.TULIP_ADMIN_PASSWORD) return process.env.TULIP_ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const p = await rl.question('Password: ');
  rl.close();
  return p;
}

/** The FILE of backup/restore: the first argument that is not an option; relative to where npm was run. */
function fileArg(): string {
  const file = rest.find((a) => !a.startsWith('--'));
  if (!file) throw new UsageError(`${cmd} FILE richiesto (es. npm run cli -- ${cmd} tulip-backup.jsonl.gz)`);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

class UsageError extends Error {}

async function main() {
  startClock();
  switch (cmd) {
    case 'migrate': {
      const h = await openAndPrepare(config, { seed: false });
      await h.close();
      console.log('Migrazioni applicate');
      return;
    }
    case 'seed': {
      const h = await openAndPrepare(config);
      await h.close();
      console.log(config.demo ? 'Dati di base e demo caricati' : 'Dati di base caricati');
      return;
    }
    case 'create-admin': {
      const username = arg('username')?.toLowerCase();
      if (!username || !/^[a-z0-9._-]{3,60}$/.test(username)) throw new Error('--username NAME (3-60: a-z 0-9 . _ -) richiesto');
      const password = await askPassword();
      if (password.length < PASSWORD_MIN) throw new Error(`La password deve avere almeno ${PASSWORD_MIN} caratteri`);
      if (password.toLowerCase() === username) throw new Error('La password non può essere uguale al nome utente');
      const h = await openAndPrepare(config);
      try {
        const u = await createAdmin(h.db, username, password, arg('email'));
        console.log(`Amministratore ${u.username} creato (id ${u.id})`);
      } finally {
        await h.close();
      }
      return;
    }
    case 'backup': {
      const file = fileArg();
      if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
        throw new UsageError(`Nessun database in ${config.dataDir} (TULIP_DATA_DIR), né DATABASE_URL`);
      }
      const h = await openDb(dbOptions(config));
      try {
        const started = performance.now();
        const r = await backupDb(h, file);
        console.log(`Backup di ${r.tables} tabelle, ${r.rows} righe (${h.kind}) in ${file}: ${(r.bytes / 1024).toFixed(0)} KiB, ${Math.round(performance.now() - started)} ms`);
      } finally {
        await h.close();
      }
      return;
    }
    case 'restore': {
      const file = fileArg();
      if (!fs.existsSync(file)) throw new UsageError(`File non trovato: ${file}`);
      const h = await openDb(dbOptions(config));
      try {
        const started = performance.now();
        const r = await restoreDb(h, file, { force: rest.includes('--force') });
        const newer = r.migrated ? `, ${r.migrated} migrazioni successive applicate` : '';
        console.log(`Ripristinate ${r.tables} tabelle, ${r.rows} righe (${h.kind}) da ${file}${newer} in ${Math.round(performance.now() - started)} ms`);
      } finally {
        await h.close();
      }
      return;
    }
    default:
      console.log('Uso: npm run cli -- migrate | seed | create-admin --username NAME [--email EMAIL] | backup FILE | restore FILE [--force]');
      process.exitCode = cmd ? 2 : 0;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  // 2: refused or wrong usage (nothing changed); 1: failed
  process.exit(err instanceof BackupError || err instanceof UsageError || err instanceof ClockSpecError ? 2 : 1);
});
