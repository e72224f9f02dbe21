/**
 * Events between modules (DESIGN §12): a lower module that must make a higher one act publishes an event declared in
 * its manifest, and the higher module subscribes in its own manifest — no upward import. An exit punch
 * (`timbratura.registrata`) will close the job-order phases still running, say, when rilevazione subscribes.
 *
 * Each module that publishes an event adds its payload's type to `Events` (declaration merging, in its index.ts).
 * Handlers run in the order of the module list, after the publisher's write, with the publisher's database handle (a
 * transaction when it has one). A handler's failure is logged and never undoes what the publisher stored: a punch
 * acknowledged to its employee stays.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';

export interface Events {}
export type EventName = keyof Events & string;
export type EventHandler<E extends EventName> = (db: Db, payload: Events[E]) => Promise<void>;
/** What a manifest subscribes: an event's name and its handler. */
export type Subscriptions = { [E in EventName]?: EventHandler<E> };

type AnyHandler = { module: string; run: (db: Db, payload: unknown) => Promise<void> };
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

/** Runs the handlers of an event the publisher declared; a handler's failure is logged, not thrown. */
export async function publish<E extends EventName>(db: Db, event: E, payload: Events[E]): Promise<void> {
  const list = handlers.get(event);
  if (!list) {
    if (declared.size && !declared.has(event)) throw new Error(`event ${event} is not declared by any module's manifest`);
    return;
  }
  for (const h of list) {
    try {
      await h.run(db, payload);
    } catch (err) {
      log.error({ err, event, module: h.module }, 'event handler failed');
    }
  }
}
