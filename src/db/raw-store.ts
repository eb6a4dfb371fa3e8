// The store read and written with IndexedDB alone, for the code that must not load Dexie: the start-up probe
// (db/session-probe.ts) and the service worker (sw/, DESIGN §10: its script stays small). It never creates or
// upgrades the store: that is Dexie's (db/app-db.ts), so what it writes keeps the shapes of db/types.ts and
// db/outbox-types.ts.

/** A request's result as a promise (awaiting it inside a transaction keeps the transaction open). */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when the transaction commits, rejects when it aborts or fails. */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

/**
 * Opens the store at its current version, or resolves to null when it does not exist yet, lacks one of `needs`'
 * object stores, or cannot be opened (blocked by an upgrade, private mode): the caller then has nothing to do. A
 * store that does not exist stays absent (the open's upgrade is aborted) and an open connection gives way to an
 * upgrade made by a newer page.
 */
export function openRawStore(name: string, needs: readonly string[]): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const store = request.result;
      store.onversionchange = () => store.close();
      if (needs.every((table) => store.objectStoreNames.contains(table))) resolve(store);
      else {
        store.close();
        resolve(null);
      }
    };
  });
}

/** One row by its key, or undefined (a failed read too). */
export async function readRow(store: IDBDatabase, table: string, key: IDBValidKey): Promise<unknown> {
  try {
    return await requestResult(store.transaction(table, 'readonly').objectStore(table).get(key));
  } catch {
    return undefined;
  }
}
