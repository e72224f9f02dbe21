/** npm run cli -- migrate | seed | create-admin --username NAME [--email E] (password: TULIP_ADMIN_PASSWORD or prompt) */
import { createInterface } from 'node:readline/promises';
import { PASSWORD_MIN } from '@tulip/contract';
import { openAndPrepare } from './bootstrap';
import { loadConfig } from './platform/config';
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

async function main() {
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
    default:
      console.log('Uso: npm run cli -- migrate | seed | create-admin --username NAME [--email EMAIL]');
      process.exitCode = cmd ? 2 : 0;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
