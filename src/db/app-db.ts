import { Dexie, type EntityTable, type Table } from 'dexie';
import type { KeyValueRecord, StoredEvent, SyncMeta } from './types.ts';

export class AppDb extends Dexie {
  kv!: Table<KeyValueRecord, KeyValueRecord['key']>;
  events!: EntityTable<StoredEvent, 'id'>;
  syncMeta!: EntityTable<SyncMeta, 'resource'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      kv: 'key',
      events: 'id, date',
      syncMeta: 'resource',
    });
  }
}
