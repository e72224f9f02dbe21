/** The project's own source files, for the tests that read the code (the clock, maps from data). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** TypeScript and JavaScript files under `dir` (relative to the root), dependencies and builds left out. */
export function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    if (e.isDirectory()) sourceFiles(rel, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(e.name)) out.push(rel);
  }
  return out;
}

export const readSource = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
