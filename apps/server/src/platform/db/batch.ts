/**
 * Micro-batching of the hot statements (the guard's user load, the clock-in insert).
 *
 * Calls made while the event loop handles one round of I/O are sent to the database together, as
 * one statement, in the check phase (setImmediate). Under load, a few dozen requests share one
 * round trip instead of paying for one each. When the server is idle, a call waits only for the
 * end of its own I/O round. Each caller still gets its own answer, and it gets it only after the
 * statement that carries it has finished.
 */
export type Batched<I, O> = (item: I) => Promise<O>;

/** Per batcher name: statements sent, items they carried, statements that failed as a whole. */
export const batchStats: Record<string, { batches: number; items: number; failed: number }> = {};

export function batched<I, O>(name: string, run: (items: I[]) => Promise<O[]>, max = 500): Batched<I, O> {
  const stats = (batchStats[name] ??= { batches: 0, items: 0, failed: 0 });
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  const flush = () => {
    const all = queue;
    queue = [];
    for (let i = 0; i < all.length; i += max) {
      const part = all.slice(i, i + max);
      stats.batches++;
      stats.items += part.length;
      run(part.map((w) => w.item)).then(
        (out) => part.forEach((w, j) => w.resolve(out[j])),
        (err) => {
          stats.failed++;
          part.forEach((w) => w.reject(err));
        },
      );
    }
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      if (queue.push({ item, resolve, reject }) === 1) setImmediate(flush);
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
