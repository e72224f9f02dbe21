/**
 * Events between modules (DESIGN §12): a lower module that must make a higher one act publishes an event declared in
 * its manifest, and the higher module subscribes in its own manifest — no upward import. An exit punch
 * (`timbratura.registrata`) closes the job-order phases still running, say, as rilevazione subscribes.
 *
 * Each module that publishes an event adds its payload's type to `Events` (declaration merging, in its index.ts).
 *
 * Delivery is **in batches, before the answer** (issue #30): the events published on one database handle in the same
 * event-loop round (the punches one batched INSERT stored, say) reach each handler together, in one call, after the
 * publishers' writes; each publisher's `publish` resolves when the handlers have run, so a punch is answered after the
 * phases it closed. A handler must do the whole batch's work in a fixed number of statements (one transaction for the
 * batch, never one per event): that is what keeps the hot path batched. Handlers run in the order of the module list,
 * with the publisher's database handle (a transaction when it has one: then the batch is that transaction's events).
 * A handler's failure is logged and never undoes what the publisher stored: a punch acknowledged to its employee
 * stays.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import { batched, perDb } from './db/batch';

export interface Events {}
export type EventName = keyof Events & string;
/** A subscriber: the batch of one event's payloads published together, oldest first (never empty). */
export type EventHandler<E extends EventName> = (db: Db, payloads: Events[E][]) => Promise<void>;
/** What a manifest subscribes: an event's name and its handler. */
export type Subscriptions = { [E in EventName]?: EventHandler<E> };

type AnyHandler = { module: string; run: (db: Db, payloads: unknown[]) => Promise<void> };
let handlers = new Map<string, AnyHandler[]>();
let declared = new Set<string>();
let log: Pick<FastifyBaseLogger, 'error'> = { error: (...args: unknown[]) => console.error(...args) };

/**
 * Wires the modules' manifests, in their order: what each publishes, and who handles it. A module may subscribe only
 * to an event declared by a module before it (the order of apps/server/src/modules.ts).
 */
export function wireEvents(manifests: { name: string; publishes?: readonly string[]; subscribes?: Subscriptions }[], logger?: Pick<FastifyBaseLogger, 'error'>) {
  const next = new Map<string, AnyHandler[]>();
  const seen = new Set<string>();
  for (const m of manifests) {
    for (const [event, run] of Object.entries(m.subscribes ?? {})) {
      if (!seen.has(event)) throw new Error(`${m.name} subscribes to ${event}, which no module before it publishes`);
      next.set(event, [...(next.get(event) ?? []), { module: m.name, run: run as AnyHandler['run'] }]);
    }
    for (const event of m.publishes ?? []) seen.add(event);
  }
  handlers = next;
  declared = seen;
  if (logger) log = logger;
}

/** Runs every handler of an event once over a batch; a handler's failure is logged, not thrown. */
async function deliver(db: Db, event: string, payloads: unknown[]): Promise<void[]> {
  for (const h of handlers.get(event) ?? []) {
    try {
      await h.run(db, payloads);
    } catch (err) {
      log.error({ err, event, module: h.module, events: payloads.length }, 'event handler failed');
    }
  }
  return payloads.map(() => undefined);
}

/** One batcher per database handle and event: a transaction's events never mix with another's. */
const batchers = perDb((db: Db) => new Map<string, (payload: unknown) => Promise<void>>());
function batcherOf(db: Db, event: string) {
  const mine = batchers(db);
  let b = mine.get(event);
  if (!b) mine.set(event, (b = batched(`event:${event}`, (payloads: unknown[]) => deliver(db, event, payloads))));
  return b;
}

/** Publishes an event its module declared; resolves once the subscribers have handled the batch it travelled in. */
export async function publish<E extends EventName>(db: Db, event: E, payload: Events[E]): Promise<void> {
  if (!handlers.has(event)) {
    if (declared.size && !declared.has(event)) throw new Error(`event ${event} is not declared by any module's manifest`);
    return;
  }
  await batcherOf(db, event)(payload);
}

/** Every event the manifests publish, in their order (the events a webhook may subscribe to). */
export function declaredEvents(): string[] {
  return [...declared];
}
