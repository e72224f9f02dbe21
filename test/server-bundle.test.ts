/**
 * `npm start` runs the server's bundle (scripts/server-bundle.mjs): built once, used while nothing it was built from
 * changed, built again when something did, and never in place of sources it does not match.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error a plain .mjs script, without types
import { serverBundle } from '../scripts/server-bundle.mjs';

type Bundle = (o: { root: string; entry: string; outDir: string; onBuild?: () => void }) => Promise<string | null>;
const bundle = serverBundle as Bundle;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tulip-bundle-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

write('package.json', '{ "type": "module" }');
write('tsconfig.json', '{ "compilerOptions": { "strict": true } }');
write('packages/lib/package.json', '{ "name": "@tulip/lib", "type": "module", "exports": { ".": "./src/index.ts" } }');
write('packages/lib/src/index.ts', 'export const LIB: string = "lib 1";');
write('app/a.ts', 'export const here: string = import.meta.url;\nexport const A = "a 1";');
write('app/main.ts', 'import { LIB } from "@tulip/lib";\nimport { A, here } from "./a";\nexport const value = { A, LIB, here };');

let loads = 0;
async function run() {
  const onBuild = vi.fn();
  const url = await bundle({ root, entry: 'app/main.ts', outDir: path.join(root, 'cache'), onBuild });
  // a new URL per load: the module cache would otherwise hand back the first one
  const mod = url ? ((await import(`${url}?load=${++loads}`)) as { value: Record<string, string> }) : null;
  return { built: onBuild.mock.calls.length, value: mod === null ? null : mod.value };
}

describe('the server bundle of npm start', () => {
  it('is built at the first start, from the sources and the workspace packages, import.meta.url naming each source', async () => {
    const first = await run();
    expect(first).toEqual({ built: 1, value: { A: 'a 1', LIB: 'lib 1', here: pathToFileURL(path.join(root, 'app/a.ts')).href } });
    expect(fs.existsSync(path.join(root, 'cache/server.mjs'))).toBe(true);
  });

  it('is used as it is while nothing changed', async () => {
    expect(await run()).toMatchObject({ built: 0, value: { A: 'a 1' } });
  });

  it('is built again after a source, a workspace package or a tsconfig changed', async () => {
    write('app/a.ts', 'export const here: string = import.meta.url;\nexport const A = "a 2";');
    expect(await run()).toMatchObject({ built: 1, value: { A: 'a 2', LIB: 'lib 1' } });
    write('packages/lib/src/index.ts', 'export const LIB: string = "lib 2";');
    expect(await run()).toMatchObject({ built: 1, value: { LIB: 'lib 2' } });
    write('tsconfig.json', '{ "compilerOptions": { "strict": false } }');
    expect(await run()).toMatchObject({ built: 1 });
    expect(await run()).toMatchObject({ built: 0 });
  });

  it('gives way to tsx (null) when the sources do not build, rather than run an older bundle', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    write('app/a.ts', 'export const A = ;');
    expect(await run()).toEqual({ built: 1, value: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('uso tsx'));
    warn.mockRestore();
  });
});
