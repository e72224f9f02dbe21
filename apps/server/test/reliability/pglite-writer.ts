/**
 * Child process of pglite-durability.test.ts: inserts rows 1, 2, 3... one transaction each into a PGlite
 * folder, printing `c<i>` when row i is committed and `a<i>` a few ms later (the "acknowledgement").
 */
import { PGlite } from '@electric-sql/pglite';

const pg = await PGlite.create({ dataDir: process.argv[2] });
await pg.exec('create table if not exists t (i int primary key)');
const start = (await pg.query<{ m: number }>('select coalesce(max(i), 0)::int as m from t')).rows[0].m;
process.stdout.write(`ready ${start}\n`);
for (let i = start + 1; ; i++) {
  await pg.transaction(async (tx) => {
    await tx.query('insert into t values ($1)', [i]);
  });
  process.stdout.write(`c${i}\n`);
  // timer-wait: the gap between commit and acknowledgement that the durability test kills the process in
  await new Promise((r) => setTimeout(r, 5));
  process.stdout.write(`a${i}\n`);
}
