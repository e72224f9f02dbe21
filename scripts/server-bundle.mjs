/**
 * `npm start` runs the server from one ES module that esbuild builds from its TypeScript and the workspace packages',
 * kept under apps/server/node_modules/.cache and built again when a file it was built from changed (issue #30):
 * loading the ~220 sources one by one through tsx's loader took more than a second at every start, the bundle a
 * fraction of that. Packages from node_modules stay imports, resolved from apps/server as before. Anything in the way
 * (esbuild missing, a read-only checkout, a build error) falls back to tsx, which runs the sources as they are.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Raise when the build below changes in a way its inputs do not show. */
const BUILD = 1;

/**
 * The bundle of `entry` (a path from `root`) in `outDir`, up to date: its file URL, or null where it cannot be had.
 * `onBuild` is told before a build starts (the first start, or the first after an update).
 */
export async function serverBundle({ root, entry, outDir, onBuild = () => {} }) {
  try {
    const out = path.join(outDir, 'server.mjs');
    const stampFile = path.join(outDir, 'stamp.json');
    if (fs.existsSync(out) && upToDate(root, readJson(stampFile))) return pathToFileURL(out).href;
    onBuild();
    await build(root, entry, outDir);
    return pathToFileURL(out).href;
  } catch (err) {
    console.warn(`Avvio senza server precompilato (${err instanceof Error ? err.message : err}): uso tsx`);
    return null;
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const hashOf = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('base64url');

/** Same build settings, same esbuild, and every file it read (sources, package.json, tsconfig) with the same content. */
function upToDate(root, stamp) {
  if (!stamp || stamp.build !== BUILD || stamp.esbuild !== esbuildVersion(root)) return false;
  for (const [file, hash] of Object.entries(stamp.inputs)) {
    try {
      if (hashOf(path.join(root, file)) !== hash) return false;
    } catch {
      return false; // gone
    }
  }
  return true;
}

function esbuildVersion(root) {
  return readJson(path.join(root, 'node_modules/esbuild/package.json'))?.version ?? null;
}

async function build(root, entry, outDir) {
  const esbuild = await import('esbuild');
  const read = new Set(); // besides the sources: the package.json and tsconfig files that decide how they build
  const loaded = new Map(); // source -> hash of the text that went into the bundle
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: path.join(outDir, 'server.mjs'),
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    // function and class names stay what the sources say (error names, logs), as under tsx
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'tulip',
        setup(b) {
          // the workspace packages are TypeScript sources: bundled, through their package.json "exports"
          b.onResolve({ filter: /^@tulip\// }, (a) => {
            const [, name, sub] = /^@tulip\/([^/]+)(?:\/(.+))?$/.exec(a.path);
            const pkgFile = path.join(root, 'packages', name, 'package.json');
            const target = readJson(pkgFile)?.exports?.[sub ? `./${sub}` : '.'];
            if (typeof target !== 'string') return undefined;
            read.add(pkgFile);
            return { path: path.join(root, 'packages', name, target) };
          });
          // import.meta.url keeps naming the source file: the paths built from it (migrations, web app, workers) hold
          b.onLoad({ filter: /\.[cm]?ts$/ }, async (a) => {
            const text = await fs.promises.readFile(a.path, 'utf8');
            loaded.set(a.path, createHash('sha256').update(text).digest('base64url'));
            return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href)), loader: 'ts' };
          });
        },
      },
    ],
  });
  for (const dir of new Set(Object.keys(result.metafile.inputs).map((f) => path.dirname(path.join(root, f))))) {
    for (let d = dir; d.startsWith(root); d = path.dirname(d)) {
      for (const f of ['tsconfig.json', 'tsconfig.base.json', 'package.json']) if (fs.existsSync(path.join(d, f))) read.add(path.join(d, f));
      if (d === root) break;
    }
  }
  const inputs = {};
  for (const f of [...Object.keys(result.metafile.inputs).map((f) => path.join(root, f)), ...read]) {
    inputs[path.relative(root, f)] = loaded.get(f) ?? hashOf(f);
  }
  // written under temporary names, then renamed, the stamp last: a start running beside this one (e2e workers, a
  // cluster) reads either the old build or the new one, whole
  fs.mkdirSync(outDir, { recursive: true });
  const files = [...result.outputFiles.map((o) => [o.path, o.contents]), [path.join(outDir, 'stamp.json'), JSON.stringify({ build: BUILD, esbuild: esbuildVersion(root), inputs })]];
  for (const [file, contents] of files) fs.writeFileSync(`${file}.${process.pid}.tmp`, contents);
  for (const [file] of files) fs.renameSync(`${file}.${process.pid}.tmp`, file);
}
