/**
 * No punch lost or doubled: concurrent clients clock in with unique id_richiesta, the server process is
 * killed with SIGKILL in the middle (twice) and started again on the same data; the clients retry whatever was not
 * acknowledged (same ids) and send some acknowledged ones again. On PGlite and on PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { countRows, expectAckedPresent, expectExactlyOnce, makePunches, PunchRun, resend } from './punch-load';
import { cleanup, pgliteTarget, pgSkip, pgTarget, sleep, startServer, stopServer, targetEnv, withTarget, type Server, type Target } from './support';

const PUNCHES = 200;
const CLIENTS = 10;
const KILLS = [60, 130]; // SIGKILL when this many punches are acknowledged

async function killAndRestart(target: Target) {
  const before = await withTarget(target, countRows);
  const env = targetEnv(target);
  let srv: Server = await startServer(env);
  const { punches, admin } = await makePunches(srv.url, PUNCHES);
  const kills: { acked: number; inflight: number; unacked?: number }[] = [];
  let killing = false;
  const run = new PunchRun(srv.url, (r) => {
    if (killing || kills.length >= KILLS.length || r.acked.size < KILLS[kills.length]) return;
    killing = true;
    const dead = srv;
    // at a moment unrelated to any reply, so that it may fall between a commit and its reply
    (async () => {
      await sleep(5 + Math.random() * 40);
      r.close(); // retries wait for the restart (and for the check below)
      kills.push({ acked: r.acked.size, inflight: r.inflight });
      dead.proc.kill('SIGKILL');
      expect(await dead.exited).toEqual({ code: null, signal: 'SIGKILL' });
      srv = await startServer(env, { port: dead.port });
      // before any retry: every punch acknowledged by the killed process survived it
      kills[kills.length - 1].unacked = await expectAckedPresent(srv.url, admin, r.acked, punches);
      killing = false;
      r.open();
    })().catch((err) => r.fail(err));
  });
  await run.run(punches, CLIENTS);
  expect(kills).toHaveLength(KILLS.length);
  const resent = await resend(srv.url, punches, run.acked);
  expect(await stopServer(srv)).toEqual({ code: 0, signal: null });
  await withTarget(target, (db) => expectExactlyOnce(db, before, punches, run.acked));
  console.log(
    `[${target.kind}] ${PUNCHES} punches by ${CLIENTS} clients; ${kills.map((k) => `SIGKILL after ${k.acked} acknowledged with ${k.inflight} in flight (${k.unacked} of them stored)`).join(', ')}; ` +
      `${run.attempts} attempts (${run.failures} failed and retried: ${JSON.stringify(run.reasons)}), ${resent} acknowledged ones sent again; each stored exactly once`,
  );
}

describe('no punch lost or doubled across a SIGKILL', () => {
  afterAll(cleanup);

  it('on PGlite (same data folder)', async () => {
    await killAndRestart(await pgliteTarget());
  });

  it.skipIf(pgSkip())('on PostgreSQL (same database)', async () => {
    await killAndRestart(await pgTarget());
  });
});
