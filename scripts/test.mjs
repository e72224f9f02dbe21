// npm test: every test runner in one vitest run (unit, API on PGlite, API on PostgreSQL, e2e in Chromium),
// then one closing line "N passed, N failed, N skipped" summed over all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp', 'vitest-results.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.rmSync(out, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)];
const r = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
let passed = 0, failed = 0, skipped = 0;
if (fs.existsSync(out)) {
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed = res.numPassedTests;
  failed = res.numFailedTests;
  skipped = res.numPendingTests + res.numTodoTests;
  // a file that failed to load counts as a failure even if no test in it ran
  failed += res.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(r.status === 0 && failed === 0 ? 0 : 1);
