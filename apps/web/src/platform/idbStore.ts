import { createStore, type UseStore } from 'idb-keyval';

/**
 * A lazily opened idb-keyval store: one database per store, so their versions never clash. `null` where IndexedDB is
 * missing or refuses to open (private windows, storage off); the caller then keeps its data in memory or not at all.
 */
export function openStore(db: string, name: string): () => UseStore | null {
  let opened: UseStore | null | undefined;
  return () => {
    if (opened === undefined) {
      try {
        opened = typeof indexedDB === 'undefined' ? null : createStore(db, name);
      } catch {
        opened = null;
      }
    }
    return opened;
  };
}
