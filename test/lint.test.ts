/**
 * The shape of the code (docs/ARCHITECTURE.md), checked in the same run as everything else:
 * - ESLint's import boundaries (eslint.config.js) find nothing;
 * - the server's modules depend on each other one way only, in the order of apps/server/src/modules.ts: a module
 *   imports only modules listed before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MODULE_ORDER } from '../apps/server/src/modules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('architecture', () => {
  it('the import boundaries of eslint.config.js hold', async () => {
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintFiles(['packages/contract/src', 'packages/attendance/src', 'apps/server/src', 'apps/web/src', 'apps/desktop/src']);
    const found = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`));
    expect(found).toEqual([]);
  }, 120_000);

  it('every server module is in the module order, and imports only modules before it', () => {
    const dir = path.join(root, 'apps/server/src/modules');
    const folders = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect([...folders].sort()).toEqual([...MODULE_ORDER].sort());
    const wrong: string[] = [];
    for (const m of folders) {
      const files = fs.readdirSync(path.join(dir, m), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
      for (const f of files) {
        const text = fs.readFileSync(path.join(dir, m, f), 'utf8');
        for (const [, other] of text.matchAll(/from '\.\.\/([a-z-]+)'/g)) {
          if (MODULE_ORDER.indexOf(other) >= MODULE_ORDER.indexOf(m)) wrong.push(`${m}/${f} imports ${other}, which does not come before it`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every server module has its public entry with a manifest, and a service that does the work', () => {
    const dir = path.join(root, 'apps/server/src/modules');
    const missing = MODULE_ORDER.flatMap((m) => [
      ...(fs.existsSync(path.join(dir, m, 'service.ts')) ? [] : [`${m}/service.ts`]),
      ...(/export const manifest\b/.test(fs.readFileSync(path.join(dir, m, 'index.ts'), 'utf8')) ? [] : [`${m}/index.ts: manifest`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('no route handler is longer than 40 lines: a handler declares, calls one service function and answers', () => {
    const dir = path.join(root, 'apps/server/src/modules');
    const long: string[] = [];
    let handlers = 0;
    for (const m of MODULE_ORDER) {
      for (const f of fs.readdirSync(path.join(dir, m)).filter((x) => x === 'routes.ts' || x.endsWith('.routes.ts'))) {
        const lines = fs.readFileSync(path.join(dir, m, f), 'utf8').split('\n');
        lines.forEach((line, i) => {
          // `name: async (req) => ...` in routes(app, OPS_X, {...}), and route(app, OP, async (req) => ...)
          if (!/(\w+: async \(|route\(app, [\w.]+, async \()/.test(line)) return;
          handlers++;
          let depth = 0;
          let j = i;
          for (; j < lines.length; j++) {
            depth += (lines[j].match(/[{(]/g) ?? []).length - (lines[j].match(/[})]/g) ?? []).length;
            if (depth <= 0) break;
          }
          if (j - i + 1 > 40) long.push(`${m}/${f}:${i + 1} (${j - i + 1} lines)`);
        });
      }
    }
    expect(handlers).toBeGreaterThan(80);
    expect(long).toEqual([]);
  });
});

