/**
 * The TypeScript of every package compiles (tsx and Vite strip types without checking them, so a type
 * error would otherwise reach main unseen). Same as `npm run typecheck`, one test per project;
 * tsconfig.tools.json covers the e2e tests, the bench and the test support.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

describe('typecheck', () => {
  for (const project of ['packages/contract', 'packages/attendance', 'apps/server', 'apps/web', 'apps/desktop', 'tsconfig.tools.json']) {
    it(`tsc -p ${project} finds no error`, () => {
      const r = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit', '--noUnusedLocals'], { cwd: root, encoding: 'utf8' });
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    }, 120_000);
  }
});
