/**
 * The browser's contract (packages/contract/src/wire.ts) is made from the operations themselves: it is up to date,
 * and the web takes the operations and resources only from it, so no page loads zod for them (issue #13).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, RESOURCES } from '@tulip/contract';
import * as wire from '@tulip/contract/wire';
import { wireSource } from './support/wire';
import { readSource, sourceFiles } from './support/sources';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the contract for the browser', () => {
  it('is what `npm run gen:wire` makes of the operations today', () => {
    const file = fs.readFileSync(path.join(root, 'packages/contract/src/wire.ts'), 'utf8');
    expect(file, 'run npm run gen:wire').toBe(wireSource());
  });

  it('names every operation with its method and path', () => {
    const fromWire = Object.entries(wire)
      .filter(([name]) => name.startsWith('OPS_') || name.startsWith('RES_'))
      .flatMap(([, v]) => Object.values(((v as { ops?: object }).ops ?? v) as Record<string, { method: string; path: string }>))
      .map((op) => `${op.method} ${op.path}`);
    expect(new Set(fromWire)).toEqual(new Set(OPERATIONS.keys()));
    expect(RESOURCES.every((r) => Object.values(wire).some((w) => (w as { path?: string }).path === r.path))).toBe(true);
  });

  it('is where the web takes the operations and resources from', () => {
    const files = sourceFiles('apps/web/src').filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    const wrong = files
      .flatMap((f) =>
        [...readSource(f).matchAll(/import \{([^}]*)\} from '@tulip\/contract';/g)]
          .filter((m) => /\b(OPS|RES)_[A-Z_]+\b/.test(m[1].replace(/\btype\s+\w+/g, '')))
          .map(() => f),
      );
    expect(wrong).toEqual([]);
  });
});
