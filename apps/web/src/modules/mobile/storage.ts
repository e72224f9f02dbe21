/** The punch queue in IndexedDB: one entry per punch (key = id_richiesta) in its own database. */
import { del, promisifyRequest, set } from 'idb-keyval';
import { openStore } from '../../platform/idbStore';
import { memoryStorage, type QueueItem, type QueueStorage } from './queue';

/** A database of its own, so its version never clashes with the auth store of 'Tulip'. */
export const CODA_DB = 'Tulip-coda';
export const CODA_STORE = 'timbrature';

export function idbQueueStorage(): QueueStorage {
  const store = openStore(CODA_DB, CODA_STORE)();
  if (!store) return memoryStorage();
  return {
    // getAll() through the store's own transaction: idb-keyval's values() would add its cursor code to
    // the shared chunk the login page loads.
    all: async () =>
      (await store('readonly', (s) => promisifyRequest(s.getAll() as IDBRequest<QueueItem[]>))).filter((i) => i && typeof i.id_richiesta === 'string'),
    put: (item) => set(item.id_richiesta, item, store),
    remove: (id) => del(id, store),
  };
}
