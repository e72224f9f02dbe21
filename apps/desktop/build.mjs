// Builds what the desktop app packs: the desktop renderer (the web build with --mode desktop) into renderer/, and the
// main process and preload bundled to dist/ (CommonJS, electron left external). esbuild comes from the repository's
// root node_modules (npm ci there installs it with tsx); Electron is not needed to build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const renderer = path.join(here, 'renderer');

const r = spawnSync('npm', ['run', 'build', '-w', '@tulip/web', '--', '--mode', 'desktop', '--outDir', renderer, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

for (const [entry, out] of [['src/main.ts', 'dist/main.cjs'], ['src/preload.ts', 'dist/preload.cjs']]) {
  await build({
    entryPoints: [path.join(here, entry)], outfile: path.join(here, out), bundle: true, platform: 'node', format: 'cjs',
    target: 'node22', external: ['electron'], sourcemap: false, logLevel: 'warning',
  });
}
console.log('desktop: renderer/ and dist/ ready');
