// npm start: build the web app if it is not built, then run the server in this process (signals reach it directly).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBundle } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const dist = path.join(root, 'apps/web/dist/index.html');
if (!existsSync(dist) && !process.env.TULIP_WEB_DIST) {
  console.log('Costruzione della web app (solo al primo avvio)...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@tulip/web'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// the server's TypeScript as one precompiled module (scripts/server-bundle.mjs); tsx runs the sources where it cannot be
const bundle = await serverBundle({
  root,
  entry: 'apps/server/src/main.ts',
  outDir: path.join(root, 'apps/server/node_modules/.cache/tulip-server'),
  onBuild: () => console.log('Preparazione del server (al primo avvio e dopo un aggiornamento)...'),
});
// stack traces name the TypeScript sources, as under tsx
process.setSourceMapsEnabled(true);
if (bundle) {
  // the build's name (its stamp lists every input's hash): a restart of the build that already seeded the database skips that
  globalThis.tulipServerBuild = createHash('sha256').update(readFileSync(new URL('stamp.json', bundle))).digest('base64url');
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
}
