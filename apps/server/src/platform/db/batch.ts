/**
 * Micro-batching of the hot statements (the guard's user load, the clock-in insert).
 *
 * Calls made while the event loop handles one round of I/O are sent to the database together, as
 * one statement, in the check phase (setImmediate). Under load, a few dozen requests share one
 * round trip instead of paying for one each. When the server is idle, a call waits only for the
 * end of its own I/O round. Each caller still gets its own answer, and it gets it only after the
 * statement that carries it has finished. `inFlight` bounds the batches running at once: the calls that arrive while
 * they run make the next batch, so under load a batch grows instead of the number of transactions (phase switches,
 * whose batch is a transaction of several statements, run one at a time).
 */
export type Batched<I, O> = (item: I) => Promise<O>;

/** Per batcher name: statements sent, items they carried, statements that failed as a whole. */
export const batchStats: Record<string, { batches: number; items: number; failed: number }> = {};

export function batched<I, O>(name: string, run: (items: I[]) => Promise<O[]>, max = 500, inFlight = Infinity): Batched<I, O> {
  const stats = (batchStats[name] ??= { batches: 0, items: 0, failed: 0 });
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let running = 0;
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  function flush() {
    scheduled = false;
    while (queue.length && running < inFlight) {
      const part = queue.slice(0, max);
      queue = queue.slice(part.length);
      stats.batches++;
      stats.items += part.length;
      running++;
      run(part.map((w) => w.item))
        .then(
          (out) => part.forEach((w, j) => w.resolve(out[j])),
          (err) => {
            stats.failed++;
            part.forEach((w) => w.reject(err));
          },
        )
        .finally(() => {
          running--;
          if (queue.length) schedule();
        });
    }
  }
  return (item) =>
    new Promise<O>((resolve, reject) => {
      if (queue.push({ item, resolve, reject }) === 1) schedule();
    });
}

/** One batcher (or prepared statement) per database handle (the tests open several). */
export function perDb<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let b = made.get(db);
    if (!b) made.set(db, (b = make(db)));
    return b;
  };
}
