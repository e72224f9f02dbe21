/** read config -> open db -> migrate -> seed -> buildApp() -> listen; SIGTERM closes cleanly. */
import { buildApp } from './app';
import { openAndPrepare } from './bootstrap';
import { loadConfig } from './platform/config';
import { createMailer } from './platform/mail';
import { Tokens } from './platform/tokens';
import { runRetention } from './modules/visite/routes';

const started = Date.now();
const config = loadConfig();
const handle = await openAndPrepare(config);
const tokens = await Tokens.create(handle.db, config.jwtSecret);
const app = await buildApp({ db: handle.db, config, tokens, mailer: createMailer(config) }, { logger: true });
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Tulip in ascolto su http://localhost:${config.port} (${handle.kind}${config.demo ? ', demo' : ''}) in ${Date.now() - started} ms`,
);

// GDPR retention of visitors' data: once a day (and at start-up, after a minute); idempotent, so
// several processes may run it
const retention = () => runRetention(handle.db, null).catch((err) => app.log.error({ err }, 'retention failed'));
const first = setTimeout(retention, 60_000);
const daily = setInterval(retention, 24 * 3600_000);
first.unref();
daily.unref();

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: chiusura in corso`);
    await app.close(); // in-flight requests finish first
    await handle.close();
    process.exit(0);
  });
}
