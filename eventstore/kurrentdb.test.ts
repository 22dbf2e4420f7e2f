import { describe } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { createKurrentDbEventStore } from './kurrentdb.ts';

const url = process.env.KURRENTDB_URL;

// Runs only against a real KurrentDB, e.g. KURRENTDB_URL=kurrentdb://127.0.0.1:2113?tls=false
if (url) {
  eventStoreContract('KurrentDB', async () => {
    const store = await createKurrentDbEventStore(url);
    return { store, close: () => store.close() };
  });
} else {
  describe.skip('KurrentDB event store contract (set KURRENTDB_URL to run)', () => {});
}
