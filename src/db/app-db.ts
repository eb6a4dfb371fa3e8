import { Dexie, type EntityTable, type Table } from 'dexie';
import type { KeyValueRecord, StoredEvent, SyncMeta } from './types.ts';
import type {
  StoredConversation,
  StoredCounter,
  StoredEventDetail,
  StoredGroup,
  StoredGroupMember,
  StoredMessage,
  StoredNotification,
  StoredQuery,
  StoredRoom,
  StoredSlip,
  StoredUser,
} from './mirror-types.ts';
import type { OutboxEntry } from './outbox-types.ts';
import { clearPersonalRows } from './personal-rows.ts';

// Dexie turns its debug mode on by itself on http://localhost and 127.0.0.1, where `npm start`, the tests and the
// bench run: every table call then makes a console task for DevTools' async stacks. The app behaves there as on its
// real host (the bench showed no difference in time); development keeps Dexie's debug mode. Plain Node (the bench's
// store figures import this file) has no import.meta.env.
Dexie.debug = import.meta.env?.DEV === true;

/**
 * The phone's mirror of the server (DESIGN §3). Schema versions only ever add: a new version lists every table
 * again with its indexes, and an `upgrade` moves data when a shape changes; only the newest and those with an
 * `upgrade` are declared. tests/unit/src/db-migration.test.ts opens each previous version with data in it and
 * upgrades.
 */
export const SCHEMA_V1 = {
  kv: 'key',
  events: 'id, date',
  syncMeta: 'resource',
};

export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  events: 'id, date, status',
  eventDetails: 'id',
  queries: 'key',
  slips: 'id, ownerId, createdAt, *lists',
  conversations: 'id, lastMessageAt',
  groups: 'id, lastMessageAt',
  groupMembers: '[groupId+userId], groupId',
  rooms: 'id, eventId, lastMessageAt',
  messages: 'id, [chatKey+sortKey]',
  notifications: 'id, sortKey',
  counters: 'name',
  users: 'id, nomeUsuario',
  outbox: 'mutationId, state, userId',
};

/** Version 4 indexes what the store is pruned by: when a row was written, seen or refreshed (sync/prune.ts). */
export const SCHEMA_V4 = {
  ...SCHEMA_V2,
  messages: 'id, [chatKey+sortKey], createdAt',
  users: 'id, nomeUsuario, seenAt',
  eventDetails: 'id, refreshedAt',
  queries: 'key, refreshedAt',
};

/** Every table of the current schema. */
export type TableName = keyof typeof SCHEMA_V4;

export class AppDb extends Dexie {
  kv!: Table<KeyValueRecord, KeyValueRecord['key']>;
  events!: EntityTable<StoredEvent, 'id'>;
  eventDetails!: EntityTable<StoredEventDetail, 'id'>;
  queries!: EntityTable<StoredQuery, 'key'>;
  slips!: EntityTable<StoredSlip, 'id'>;
  conversations!: EntityTable<StoredConversation, 'id'>;
  groups!: EntityTable<StoredGroup, 'id'>;
  groupMembers!: Table<StoredGroupMember, [string, string]>;
  rooms!: EntityTable<StoredRoom, 'id'>;
  messages!: EntityTable<StoredMessage, 'id'>;
  notifications!: EntityTable<StoredNotification, 'id'>;
  counters!: EntityTable<StoredCounter, 'name'>;
  users!: EntityTable<StoredUser, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'mutationId'>;
  syncMeta!: EntityTable<SyncMeta, 'resource'>;

  constructor(name: string) {
    super(name);
    // Versions 1 and 2 are not declared: since Dexie 3 only a version with an upgrade must stay, and Dexie reads the
    // schema a phone has from the store itself. Each declared version is parsed when the store opens, on the way to
    // the first screen (DESIGN §10). SCHEMA_V1 and SCHEMA_V2 stay for the migration tests, which make such stores.
    // Earlier versions kept every user's rows across sign-outs, so the rows of a store upgraded from one may be
    // several people's: they go, the outbox and the session stay, and the signed-in user's rows come back on refresh.
    // Outbox entries lose the `schemaVersion` field nothing read: their shape is versioned with the store.
    // Version 3 changes no table.
    this.version(3)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        await clearPersonalRows((name) => tx.table(name), { draft: false, meta: () => false, query: () => false });
        await tx
          .table('outbox')
          .toCollection()
          .modify((entry: Record<string, unknown>) => {
            delete entry.schemaVersion;
          });
      });
    this.version(4).stores(SCHEMA_V4);
  }
}
