/**
 * Webhooks (issue #32 §4): the outbox every publisher writes to, and the worker that sends it.
 *
 * At least once: an event's deliveries (one per active subscription to it) are written by `enqueueWebhooks` in the
 * transaction that made the event (the punch's batch folds the same INSERT ... SELECT into its own statement:
 * `outboxCte`), and sent after the commit by `deliverDue`, which a scheduled job runs and a publisher kicks. Workers
 * claim rows with `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` and a lease, each claim numbering the
 * attempt, so two workers never send the same attempt. A failure is retried after 1, 2, 4 ... minutes (at most 4 hours
 * apart) until 24 hours after the event, then the delivery is `fallita`; an administrator may send it again.
 *
 * The body is `{ id, evento, creato_il, dati }`, signed in `Tulip-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">` (and a second v1 with the previous secret for 24 hours after a rotation). Where it goes is checked on the resolved address at every attempt (a name may resolve elsewhere
 * later: DNS rebinding), and the connection goes to that very address (`lookup` answers the checked one).
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net, { BlockList } from 'node:net';
import { networkInterfaces } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from './db';
import { webhookConsegne, webhookSottoscrizioni, webhookTentativi } from './db/tables';
import { now, realNowMs, sqlNow } from './clock';
import { AppError } from './errors';
import { loadConfig } from './config';

// ---- where a webhook may go ----------------------------------------------------------------------------------------

/** Loopback, private, link-local, unspecified, shared and reserved ranges: never reached unless allow-listed. */
const blocked = new BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) blocked.addSubnet(net6, bits, 'ipv6');

/** The server's own addresses, read once: a webhook must not call the server that sends it. */
let own: BlockList | undefined;
function ownAddresses(): BlockList {
  if (own) return own;
  own = new BlockList();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) own.addAddress(a.address.split('%')[0], a.family === 'IPv6' ? 'ipv6' : 'ipv4');
  return own;
}

/** Whether an IP address is one a webhook may reach without being allow-listed (a public unicast address). */
export function publicAddress(ip: string): boolean {
  const family = net.isIPv6(ip) ? 'ipv6' : 'ipv4';
  // an IPv4-mapped IPv6 address is checked as the IPv4 address it is
  const mapped = family === 'ipv6' ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] : undefined;
  if (mapped) return publicAddress(mapped);
  return !blocked.check(ip, family) && !ownAddresses().check(ip, family);
}

/** host[:port] as TULIP_WEBHOOK_HOSTS (and TULIP_SSO_INSECURE_HOSTS) lists it: a bare host allows every port. */
export function allowListed(url: URL, hosts: string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return hosts.some((h) => {
    const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(h);
    return !!m && m[1] === host && (!m[2] || m[2] === port);
  });
}

type Target = { url: URL; allowed: boolean };

/** The URL's shape: https, or http to an allow-listed host; no credentials in it. A 400 otherwise. */
function parseTarget(raw: string, hosts: string[]): Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(400, 'avvisi.validation', { fields: { url: 'avvisi.webhook_url_non_valido' } });
  }
  const allowed = allowListed(url, hosts);
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && allowed)) || url.username || url.password) {
    throw new AppError(400, 'avvisi.validation', { fields: { url: 'avvisi.webhook_url_non_valido' } });
  }
  return { url, allowed };
}

type Resolved = { address: string; family: 4 | 6 };

/** The addresses the URL's host resolves to now, every one of them checked; the first is the one to connect to. */
async function resolveChecked(t: Target): Promise<Resolved> {
  const host = t.url.hostname.replace(/^\[|\]$/g, '');
  let found: Resolved[];
  if (net.isIP(host)) found = [{ address: host, family: net.isIP(host) as 4 | 6 }];
  else {
    try {
      found = (await dnsLookup(host, { all: true, verbatim: true })) as Resolved[];
    } catch {
      found = [];
    }
  }
  if (!found.length) throw new AppError(400, 'avvisi.validation', { fields: { url: 'avvisi.webhook_host_sconosciuto' } });
  if (!t.allowed) {
    // every address must be public: a name that also resolves inside the network could be steered there
    const bad = found.find((a) => !publicAddress(a.address));
    if (bad) throw new AppError(400, 'avvisi.webhook_indirizzo_vietato', { indirizzo: bad.address, fields: { url: 'avvisi.webhook_indirizzo_vietato' } });
  }
  return found[0];
}

/** Checks a subscription's URL when it is saved (the same checks run again at each delivery). */
export async function checkWebhookUrl(raw: string, hosts: string[]): Promise<void> {
  await resolveChecked(parseTarget(raw, hosts));
}

// ---- the outbox ---------------------------------------------------------------------------------------------------

const RETRY_WINDOW = sql`interval '24 hours'`;

/**
 * The INSERT ... SELECT that writes an event's deliveries from the rows of a CTE named `source` (whose row, as JSON,
 * is the payload), as one more CTE of the publisher's own statement: the punch's batch stores its punches and their
 * deliveries in one statement, so no statement is added to the hot path.
 */
export function outboxCte(evento: string, source: string, stamp: SQL = sqlNow()): SQL {
  return sql`insert into ${webhookConsegne} (sottoscrizione_id, evento, dati, creato_il, prossimo_tentativo, scade_il)
    select s.id, ${evento}::varchar, to_jsonb(src), ${stamp}, ${stamp}, ${stamp} + ${RETRY_WINDOW}
    from ${sql.identifier(source)} src cross join ${webhookSottoscrizioni} s
    where s.attivo and ${evento}::text = any(s.eventi)`;
}

/** Writes an event's deliveries, one per active subscription to it, in the publisher's transaction (one statement). */
export async function enqueueWebhooks(db: Db, evento: string, payloads: unknown[]): Promise<void> {
  if (!payloads.length) return;
  const stamp = sqlNow();
  await db.execute(sql`insert into ${webhookConsegne} (sottoscrizione_id, evento, dati, creato_il, prossimo_tentativo, scade_il)
    select s.id, ${evento}::varchar, d.dati, ${stamp}, ${stamp}, ${stamp} + ${RETRY_WINDOW}
    from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) with ordinality as d(dati, ord) cross join ${webhookSottoscrizioni} s
    where s.attivo and ${evento}::text = any(s.eventi)
    order by d.ord, s.id`);
}

// ---- the worker ---------------------------------------------------------------------------------------------------

/** How long a claimed delivery stays a worker's: well past one request's timeout. */
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 10_000;
const BATCH = 20;
/** Minutes before attempt n + 1: 1, 2, 4 ... at most 4 hours apart. */
export const retryDelayMinutes = (n: number) => Math.min(2 ** Math.max(0, n - 1), 240);

export type WebhookSettings = { hosts: string[]; log?: Pick<FastifyBaseLogger, 'warn' | 'error'> };
// a process that only runs the jobs (a cluster's primary) reads the allow-list from its environment
let settings: WebhookSettings = { hosts: loadConfig().webhookHosts };
/** The process's settings (the allow-list), given by the app at start-up. */
export function configureWebhooks(s: WebhookSettings) {
  settings = s;
}

/**
 * The body's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one v1 per secret (the new one
 * first): during a rotation's grace the previous secret signs too, and a receiver accepts any v1 that matches.
 */
export function signWebhook(secret: string | string[], body: string, t = Math.floor(realNowMs() / 1000)): string {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  return [`t=${t}`, ...secrets.map((k) => `v1=${createHmac('sha256', k).update(`${t}.${body}`).digest('hex')}`)].join(',');
}

type Claimed = { id: string; evento: string; dati: unknown; creato_il: string; tentativi: number; url: string; segreto: string; precedente: string | null };
type Outcome = { status: number | null; error: string | null; ms: number };

/** One POST to the checked address, no redirects followed; a 2xx is a delivery. */
async function post(raw: string, body: string, signature: string, hosts: string[]): Promise<Outcome> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): Outcome => ({ status, error, ms: Math.round(performance.now() - started) });
  let target: Target;
  let addr: Resolved;
  try {
    target = parseTarget(raw, hosts);
    addr = await resolveChecked(target);
  } catch (err) {
    const e = err as AppError;
    return done(null, e.params?.indirizzo ? `indirizzo vietato: ${String(e.params.indirizzo)}` : e.message);
  }
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<Outcome>((resolve) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Tulip-Webhook/1', 'tulip-signature': signature },
        // connect to the address just checked, whatever the name resolves to a moment later
        lookup: ((_h: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          opts?.all ? cb(null, [addr]) : cb(null, addr.address, addr.family)) as never,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(done(res.statusCode ?? null, null)));
        res.on('error', (e) => resolve(done(res.statusCode ?? null, e.message)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve(done(null, e.message)));
    req.end(body);
  });
}

/**
 * Claims the due deliveries (at most `limit`), sends each once and records the attempt. Answers how many it sent.
 * Safe to run in several processes at once: SKIP LOCKED gives each row to one claimer, and the lease keeps it theirs.
 */
export async function deliverDue(db: Db, limit = BATCH, hosts = settings.hosts): Promise<number> {
  const stamp = sqlNow();
  const claimed = await rowsOf<Claimed>(db, sql`
    update ${webhookConsegne} c set tentativi = c.tentativi + 1, bloccata_fino = ${stamp} + make_interval(secs => ${LEASE_SECONDS})
    from ${webhookSottoscrizioni} s
    where s.id = c.sottoscrizione_id and c.id in (
      select id from ${webhookConsegne}
      where stato = 'in_attesa' and prossimo_tentativo <= ${stamp} and (bloccata_fino is null or bloccata_fino <= ${stamp})
      order by prossimo_tentativo limit ${limit}
      for update skip locked)
    returning c.id, c.evento, c.dati, to_char(c.creato_il at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as creato_il, c.tentativi, s.url, s.segreto,
      case when s.segreto_precedente_fino > ${stamp} then s.segreto_precedente end as precedente`);
  await Promise.all(
    claimed.map(async (d) => {
      const body = JSON.stringify({ id: d.id, evento: d.evento, creato_il: d.creato_il, dati: typeof d.dati === 'string' ? JSON.parse(d.dati) : d.dati });
      const out = await post(d.url, body, signWebhook(d.precedente ? [d.segreto, d.precedente] : d.segreto, body), hosts);
      const ok = out.status !== null && out.status >= 200 && out.status < 300;
      const error = ok ? null : (out.error ?? `HTTP ${out.status}`);
      const at = now();
      const next = new Date(at.getTime() + retryDelayMinutes(d.tentativi) * 60_000).toISOString();
      // only the claim that numbered this attempt may close it: a lease taken over since leaves the row to its new owner
      await db.execute(sql`with t as (
          insert into ${webhookTentativi} (consegna_id, numero, ts, stato_http, errore, durata_ms)
          values (${d.id}::uuid, ${d.tentativi}, ${at.toISOString()}::timestamptz, ${out.status}, ${error}, ${out.ms}))
        update ${webhookConsegne} set bloccata_fino = null,
          stato = case when ${ok} then 'consegnata' when scade_il <= ${at.toISOString()}::timestamptz then 'fallita' else 'in_attesa' end,
          consegnata_il = case when ${ok} then ${at.toISOString()}::timestamptz else null end,
          prossimo_tentativo = least(${next}::timestamptz, scade_il)
        where id = ${d.id}::uuid and tentativi = ${d.tentativi}`);
      if (!ok) settings.log?.warn({ consegna: d.id, evento: d.evento, tentativo: d.tentativi, status: out.status, error: out.error }, 'webhook non consegnato');
    }),
  );
  return claimed.length;
}

/** Sends everything due now, batch after batch. */
export async function deliverAllDue(db: Db): Promise<number> {
  let total = 0;
  for (let n = await deliverDue(db); n > 0; n = await deliverDue(db)) total += n;
  return total;
}

// ---- the kick after a commit --------------------------------------------------------------------------------------

/** The app's root handle (never a transaction's): the worker a kick runs uses it. */
let root: Db | undefined;
/** Events with an active subscription, as this process last read them: a punch with none kicks nothing. */
let subscribed = new Set<string>();
let running: Promise<void> | undefined;
let again = false;

export function startWebhooks(db: Db, s: WebhookSettings) {
  root = db;
  configureWebhooks(s);
  void refreshSubscribed(db).catch(() => undefined);
}
export function stopWebhooks() {
  root = undefined;
}

/** Reads which events have an active subscription (after a change here, and at each scheduled run for the others). */
export async function refreshSubscribed(db: Db) {
  const rows = await rowsOf<{ evento: string }>(db, sql`select distinct unnest(eventi) as evento from ${webhookSottoscrizioni} where attivo`);
  subscribed = new Set(rows.map((r) => r.evento));
}

/**
 * Sends soon what a committed write just put in the outbox (call it after the commit). A kick while the worker runs
 * makes it run once more; a process that missed it has the scheduled job.
 */
export function kickWebhooks(evento?: string) {
  if (!root || (evento && !subscribed.has(evento))) return;
  if (running) {
    again = true;
    return;
  }
  const db = root;
  running = (async () => {
    do {
      again = false;
      try {
        await deliverAllDue(db);
      } catch (err) {
        settings.log?.error({ err }, 'webhook: invio non riuscito');
      }
    } while (again && root);
  })().finally(() => {
    running = undefined;
  });
}

/** Resolves when a kicked worker is idle (shutdown, tests). */
export async function webhooksIdle() {
  while (running) await running;
}
