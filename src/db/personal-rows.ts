import type { Table } from 'dexie';
import type { TableName } from './app-db.ts';
import type { KeyValueRecord, SyncMeta } from './types.ts';
import type { StoredQuery } from './mirror-types.ts';

/**
 * Every table, by what it holds. 'shared': the same for everyone (events) or kept per author (the outbox: each entry
 * names its user and is only ever sent under them, DESIGN §4). 'personal': one user's rows. 'mixed': some rows of
 * each. A table added to the schema must be named here (the type says so).
 */
const TABLE_KINDS: Record<TableName, 'shared' | 'personal' | 'mixed'> = {
  kv: 'mixed',
  events: 'shared',
  eventDetails: 'shared',
  outbox: 'shared',
  syncMeta: 'mixed',
  queries: 'mixed',
  slips: 'personal',
  conversations: 'personal',
  groups: 'personal',
  groupMembers: 'personal',
  rooms: 'personal',
  messages: 'personal',
  notifications: 'personal',
  counters: 'personal',
  users: 'personal',
};

/** kv records that belong to a user (true) or to this installation (false). */
const PERSONAL_KV: Record<KeyValueRecord['key'], boolean> = {
  session: false,
  providers: false,
  maintenance: false,
  clientId: false,
  nextMutationId: false,
  pushConfig: false,
  draftSlip: true,
  tipImport: true,
  licence: true,
  payments: true,
  profile: true,
  onlineUsers: true,
  pushInbox: true,
};

export interface KeepRows {
  /** The slip being built (a visitor who built it signed out keeps it on signing in). */
  draft: boolean;
  /** Freshness records of shared data. */
  meta: (resource: string) => boolean;
  /** Stored query results that are not anyone's (the competition list). */
  query: (key: string) => boolean;
}

/**
 * Removes every personal row. Call inside a transaction on every table; `table` opens a table of that transaction
 * (the store's own, or an upgrade's).
 */
export async function clearPersonalRows(table: (name: TableName) => Table, keep: KeepRows): Promise<void> {
  for (const [name, kind] of Object.entries(TABLE_KINDS) as [TableName, string][]) {
    if (kind === 'personal') await table(name).clear();
  }
  await (table('kv') as Table<KeyValueRecord>).filter((record) => PERSONAL_KV[record.key] && !(keep.draft && record.key === 'draftSlip')).delete();
  await (table('syncMeta') as Table<SyncMeta>).filter((meta) => !keep.meta(meta.resource)).delete();
  await (table('queries') as Table<StoredQuery>).filter((query) => !keep.query(query.key)).delete();
}
