/**
 * npm run bench:compare [-- A [B]]: each row's ratio at two commits of bench/history.tsv (default: the two latest
 * commits in it), with the run-to-run spread of each (the range of its runs) and a verdict: a row whose change is
 * larger than both spreads together moved; within them it is noise. Run the bench at least twice per commit on the
 * same machine, with nothing else running, before trusting a verdict (bench/README.md, "Comparing two commits").
 */
import fs from 'node:fs';
import { HISTORY } from './lib';

type Line = { date: string; commit: string; row: string; ratio: number };
const lines: Line[] = fs.existsSync(HISTORY)
  ? fs
      .readFileSync(HISTORY, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter((c) => c[7] !== '' && c[8] === 'ok')
      .map((c) => ({ date: c[0], commit: c[1], row: c[4], ratio: Number(c[7]) }))
  : [];
const commits = [...new Set(lines.map((l) => l.commit))];
const [a, b] = process.argv.slice(2).length ? [process.argv[2], process.argv[3] ?? commits.at(-1)] : [commits.at(-2), commits.at(-1)];
if (!a || !b) {
  console.error('bench/history.tsv needs runs of two commits: run `npm run bench` on each (bench/README.md)');
  process.exit(2);
}
const of = (c: string, row: string) => lines.filter((l) => l.commit.startsWith(c) && l.row === row).map((l) => l.ratio);
const rows = [...new Set(lines.filter((l) => l.commit.startsWith(a) || l.commit.startsWith(b)).map((l) => l.row))];
const stat = (xs: number[]) => (xs.length ? { mid: [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)], spread: Math.max(...xs) - Math.min(...xs), n: xs.length } : null);
const out = [['row', `ratio ${a}`, `ratio ${b}`, 'change', 'spread', 'verdict']];
for (const r of rows) {
  const x = stat(of(a, r));
  const y = stat(of(b, r));
  if (!x || !y) {
    out.push([r, x ? x.mid.toFixed(2) : '-', y ? y.mid.toFixed(2) : '-', '', '', 'only one side']);
    continue;
  }
  const change = y.mid - x.mid;
  const spread = x.spread + y.spread;
  const verdict = x.n < 2 || y.n < 2 ? 'one run: rerun' : Math.abs(change) > spread ? 'moved' : 'noise';
  out.push([r, `${x.mid.toFixed(2)} (${x.n})`, `${y.mid.toFixed(2)} (${y.n})`, `${change >= 0 ? '+' : ''}${change.toFixed(2)}`, spread.toFixed(2), verdict]);
}
const w = out[0].map((_, i) => Math.max(...out.map((r) => r[i].length)));
for (const r of out) console.log(r.map((c, i) => c.padEnd(w[i])).join('  '));
