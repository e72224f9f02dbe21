/**
 * Webhook subscriptions and their deliveries (issue #32 §4), for administrators. The outbox and the worker are the
 * platform's (platform/webhooks.ts), so that every module, however low, writes its events' deliveries in its own
 * transaction; this module owns the screen's operations.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PARAMETRI_WEBHOOK_DEFAULT, type TParametriWebhook, type TWebhook, type TWebhookConsegna, type TWebhookInput, type ZWebhookConsegneQuery } from '@tulip/contract';
import { rowsOf, type Db } from '../../platform/db';
import { webhookConsegne, webhookSottoscrizioni, webhookTentativi } from '../../platform/db/tables';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { CurrentUser } from '../../platform/guard';
import { declaredEvents } from '../../platform/events';
import { checkWebhookUrl, kickWebhooks, refreshSubscribed } from '../../platform/webhooks';
import { sqlNow } from '../../platform/clock';
import { readSettings, writeSettings } from '../../platform/settings';

/** The events a webhook may subscribe to: those the modules' manifests publish. */
export const webhookEvents = () => declaredEvents();

async function checkInput(b: TWebhookInput, hosts: string[]) {
  const known = new Set(webhookEvents());
  const unknown = b.eventi.find((e) => !known.has(e));
  if (unknown) throw new AppError(400, 'avvisi.validation', { fields: { eventi: 'avvisi.webhook_evento_sconosciuto' }, evento: unknown });
  await checkWebhookUrl(b.url, hosts);
}

/** An instant as the company's wall clock, as every date-time on the wire. */
const local = (col: unknown, tz: string) => sql<string>`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

const columns = (tz: string) => ({
  id: webhookSottoscrizioni.id, url: webhookSottoscrizioni.url, eventi: webhookSottoscrizioni.eventi, attivo: webhookSottoscrizioni.attivo,
  creata_il: local(webhookSottoscrizioni.creata_il, tz),
  fallite: sql<number>`(select count(*)::int from ${webhookConsegne} c where c.sottoscrizione_id = webhook_sottoscrizioni.id and c.stato = 'fallita')`,
  segreto_precedente_fino: sql<string | null>`case when ${webhookSottoscrizioni.segreto_precedente_fino} > ${sqlNow()} then ${local(webhookSottoscrizioni.segreto_precedente_fino, tz)} end`,
});

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
/** How long the previous secret still signs after a rotation: a day for the receivers to switch. */
const ROTATION_GRACE = sql`interval '24 hours'`;

export async function listWebhooks(db: Db, tz: string): Promise<{ rows: TWebhook[]; total: number }> {
  const rows = await db.select(columns(tz)).from(webhookSottoscrizioni).orderBy(webhookSottoscrizioni.id);
  return { rows, total: rows.length };
}

/** A new subscription with a fresh secret, answered this once. */
export async function createWebhook(db: Db, user: CurrentUser, b: TWebhookInput, hosts: string[]): Promise<{ id: number; segreto: string }> {
  await checkInput(b, hosts);
  const segreto = newSecret();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(webhookSottoscrizioni).values({ url: b.url, eventi: [...new Set(b.eventi)], attivo: b.attivo, segreto }).returning({ id: webhookSottoscrizioni.id });
    // the secret never goes to the audit log
    await audit(tx as never, user, { entita: 'webhook_sottoscrizioni', entita_id: row.id, azione: 'create', dopo: { url: b.url, eventi: b.eventi, attivo: b.attivo } });
    return row.id;
  });
  await refreshSubscribed(db);
  return { id, segreto };
}

export async function updateWebhook(db: Db, tz: string, user: CurrentUser, id: number, b: TWebhookInput, hosts: string[]): Promise<TWebhook> {
  await checkInput(b, hosts);
  await db.transaction(async (tx) => {
    const [prima] = await tx.select({ url: webhookSottoscrizioni.url, eventi: webhookSottoscrizioni.eventi, attivo: webhookSottoscrizioni.attivo })
      .from(webhookSottoscrizioni).where(eq(webhookSottoscrizioni.id, id)).for('update');
    if (!prima) throw notFound();
    await tx.update(webhookSottoscrizioni).set({ url: b.url, eventi: [...new Set(b.eventi)], attivo: b.attivo }).where(eq(webhookSottoscrizioni.id, id));
    await audit(tx as never, user, { entita: 'webhook_sottoscrizioni', entita_id: id, azione: 'update', prima, dopo: b });
  });
  await refreshSubscribed(db);
  const [row] = await db.select(columns(tz)).from(webhookSottoscrizioni).where(eq(webhookSottoscrizioni.id, id));
  return row;
}

export async function deleteWebhook(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [prima] = await tx.delete(webhookSottoscrizioni).where(eq(webhookSottoscrizioni.id, id)).returning({ url: webhookSottoscrizioni.url, eventi: webhookSottoscrizioni.eventi });
    if (!prima) throw notFound();
    await audit(tx as never, user, { entita: 'webhook_sottoscrizioni', entita_id: id, azione: 'delete', prima });
  });
  await refreshSubscribed(db);
}

/**
 * A new secret, answered this once. The one it replaces still signs every delivery (a second v1) for 24 hours, so the
 * receivers can switch without refusing an event; a second rotation meanwhile drops the oldest.
 */
export async function rotateSecret(db: Db, tz: string, user: CurrentUser, id: number): Promise<{ id: number; segreto: string; segreto_precedente_fino: string }> {
  const segreto = newSecret();
  const fino = await db.transaction(async (tx) => {
    const [row] = await tx.update(webhookSottoscrizioni)
      .set({
        segreto, segreto_precedente: sql`${webhookSottoscrizioni.segreto}` as never,
        segreto_precedente_fino: sql`${sqlNow()} + ${ROTATION_GRACE}` as never,
      })
      .where(eq(webhookSottoscrizioni.id, id))
      .returning({ fino: local(webhookSottoscrizioni.segreto_precedente_fino, tz) });
    if (!row) throw notFound();
    // neither secret goes to the audit log: only that it changed, and until when the old one signs
    await audit(tx as never, user, { entita: 'webhook_sottoscrizioni', entita_id: id, azione: 'rotazione_segreto', dopo: { segreto_precedente_fino: row.fino } });
    return row.fino;
  });
  return { id, segreto, segreto_precedente_fino: fino };
}

const PARAMETRI_KEY = 'parametri_webhook';
export const readParametriWebhook = (db: Db): Promise<TParametriWebhook> => readSettings(db, PARAMETRI_KEY, PARAMETRI_WEBHOOK_DEFAULT);
export const saveParametriWebhook = (db: Db, user: CurrentUser, p: TParametriWebhook) => writeSettings(db, user, PARAMETRI_KEY, PARAMETRI_WEBHOOK_DEFAULT, p);

/** Rows one purge statement deletes at most: a short transaction, however much piled up. */
export const PURGE_BATCH = 1000;

/**
 * Deletes the deliveries delivered more than `conservazione_giorni` ago, with their attempts (by cascade), in batches
 * of `batch` rows, at most `maxBatches` per run (the job runs again soon). Pending and failed ones are kept: an
 * administrator still has to see and resend them. Answers how many were deleted.
 */
export async function purgeDelivered(db: Db, batch = PURGE_BATCH, maxBatches = 20): Promise<number> {
  const { conservazione_giorni } = await readParametriWebhook(db);
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const gone = await rowsOf<{ id: string }>(db, sql`delete from ${webhookConsegne} where id in (
        select id from ${webhookConsegne}
        where consegnata_il < ${sqlNow()} - make_interval(days => ${conservazione_giorni}) and stato = 'consegnata'
        limit ${batch})
      returning id`);
    total += gone.length;
    if (gone.length < batch) break;
  }
  return total;
}

/** The latest deliveries (newest first), each with its attempts. */
export async function listDeliveries(db: Db, tz: string, q: z.infer<typeof ZWebhookConsegneQuery>, ids?: string[]): Promise<{ rows: TWebhookConsegna[]; total: number }> {
  const iso = (col: unknown) => local(col, tz);
  const where = and(
    q.sottoscrizione_id ? eq(webhookConsegne.sottoscrizione_id, q.sottoscrizione_id) : undefined,
    q.stato ? eq(webhookConsegne.stato, q.stato) : undefined,
    ids ? inArray(webhookConsegne.id, ids) : undefined,
  );
  const rows = await db
    .select({
      id: webhookConsegne.id, sottoscrizione_id: webhookConsegne.sottoscrizione_id, url: webhookSottoscrizioni.url, evento: webhookConsegne.evento,
      creato_il: iso(webhookConsegne.creato_il), stato: webhookConsegne.stato, tentativi: webhookConsegne.tentativi,
      prossimo_tentativo: sql<string | null>`case when ${webhookConsegne.stato} = 'in_attesa' then ${iso(webhookConsegne.prossimo_tentativo)} end`,
      consegnata_il: sql<string | null>`case when ${webhookConsegne.consegnata_il} is not null then ${iso(webhookConsegne.consegnata_il)} end`,
      dati: webhookConsegne.dati,
    })
    .from(webhookConsegne)
    .innerJoin(webhookSottoscrizioni, eq(webhookSottoscrizioni.id, webhookConsegne.sottoscrizione_id))
    .where(where)
    .orderBy(desc(webhookConsegne.creato_il), desc(webhookConsegne.id))
    .limit(q.size);
  const attempts = rows.length
    ? await rowsOf<{ consegna_id: string; numero: number; ts: string; stato_http: number | null; errore: string | null; durata_ms: number }>(db, sql`
        select consegna_id, numero, ${iso(webhookTentativi.ts)} as ts, stato_http, errore, durata_ms from ${webhookTentativi}
        where consegna_id = any(${sql.param(rows.map((r) => r.id))}::uuid[]) order by consegna_id, numero`)
    : [];
  const byDelivery = new Map<string, Omit<(typeof attempts)[number], 'consegna_id'>[]>();
  for (const { consegna_id, ...a } of attempts) byDelivery.set(consegna_id, [...(byDelivery.get(consegna_id) ?? []), a]);
  return {
    rows: rows.map((r) => ({
      ...r, stato: r.stato as TWebhookConsegna['stato'],
      dati: (typeof r.dati === 'string' ? JSON.parse(r.dati) : r.dati) as Record<string, unknown>,
      elenco_tentativi: byDelivery.get(r.id) ?? [],
    })),
    total: rows.length,
  };
}

/** An administrator's resend: the delivery is due now, with 24 more hours of retries. */
export async function resendDelivery(db: Db, tz: string, user: CurrentUser, id: string): Promise<TWebhookConsegna> {
  const stamp = sqlNow();
  await db.transaction(async (tx) => {
    const [row] = await tx.update(webhookConsegne)
      .set({ stato: 'in_attesa', prossimo_tentativo: stamp as never, scade_il: sql`${stamp} + interval '24 hours'` as never, bloccata_fino: null })
      .where(eq(webhookConsegne.id, id)).returning({ id: webhookConsegne.id, evento: webhookConsegne.evento });
    if (!row) throw notFound();
    await audit(tx as never, user, { entita: 'webhook_consegne', entita_id: id, azione: 'reinvio', dopo: { evento: row.evento } });
  });
  kickWebhooks();
  return (await listDeliveries(db, tz, { size: 1 }, [id])).rows[0];
}
