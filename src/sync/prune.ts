import type { AppDb } from '../db/app-db.ts';
import type { StoredMessage, StoredSlip } from '../db/mirror-types.ts';
import { readMirrorOwner } from '../db/session-record.ts';
import { ALL_TABLES, writeTransaction, type StoreTables } from '../db/store-transaction.ts';
import { COMPETITIONS_QUERY, exploreMetaKey } from './resource-keys.ts';

// The store keeps what was seen so screens open offline, under persistent storage the browser will not evict. So it
// is pruned, by age and by size, at start and daily: messages, notifications, users seen, event pages, explore
// searches and slips seen once. Lists the refreshers replace (conversations, groups, rooms, my slips, counters) are
// bounded by the server. Nothing with unsent work goes: the outbox, rows made on this phone, rows an entry refers to.

const DAY_MS = 86_400_000;

export const RETENTION = {
  messages: { days: 90, rows: 5_000 },
  notifications: { days: 90, rows: 500 },
  users: { days: 30, rows: 2_000 },
  eventDetails: { days: 7, rows: 200 },
  queries: { days: 30 },
  /** A slip seen on its own (a shared link, a search no longer stored). */
  slipsSeen: { days: 30 },
};

export interface PruneReport {
  messages: number;
  notifications: number;
  users: number;
  eventDetails: number;
  queries: number;
  slips: number;
}

const NONE = new Set<string>();

const isoBefore = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();

function hasUnsentWork(row: { id: string; pendingMutationId?: number | null }, referenced: Set<string>): boolean {
  return row.id.startsWith('local:') || (row.pendingMutationId !== null && row.pendingMutationId !== undefined) || referenced.has(row.id);
}

async function pruneMessages(tx: StoreTables, now: number): Promise<number> {
  const keep = (message: StoredMessage) => hasUnsentWork(message, NONE);
  const old = await tx.messages.where('createdAt').below(isoBefore(now, RETENTION.messages.days)).filter((message) => !keep(message)).toArray();
  const excess = (await tx.messages.count()) - old.length - RETENTION.messages.rows;
  const oldIds = new Set(old.map((message) => message.id));
  const overflow =
    excess > 0
      ? await tx.messages
          .orderBy('createdAt')
          .filter((message) => !keep(message) && !oldIds.has(message.id))
          .limit(excess)
          .toArray()
      : [];
  const gone = [...old, ...overflow];
  await tx.messages.bulkDelete(gone.map((message) => message.id));
  // A chat that lost its oldest messages starts paging again from its newest page: its stored cursor pointed past them.
  await tx.syncMeta.bulkDelete([...new Set(gone.map((message) => `messages:${message.chatKey}`))]);
  return gone.length;
}

async function pruneNotifications(tx: StoreTables, now: number): Promise<number> {
  let removed = await tx.notifications.where('sortKey').below(isoBefore(now, RETENTION.notifications.days)).delete();
  const excess = (await tx.notifications.count()) - RETENTION.notifications.rows;
  if (excess > 0) removed += await tx.notifications.orderBy('sortKey').limit(excess).delete();
  return removed;
}

async function pruneUsers(tx: StoreTables, now: number): Promise<number> {
  // A follow waiting to be sent changed a user's row on this phone (by name, so no entry points at it).
  if ((await tx.outbox.filter((entry) => entry.kind === 'follow' || entry.kind === 'unfollow').count()) > 0) return 0;
  const owner = await readMirrorOwner(tx);
  let removed = await tx.users
    .where('seenAt')
    .below(now - RETENTION.users.days * DAY_MS)
    .filter((user) => user.id !== owner)
    .delete();
  const excess = (await tx.users.count()) - RETENTION.users.rows;
  if (excess > 0) {
    removed += await tx.users
      .orderBy('seenAt')
      .filter((user) => user.id !== owner)
      .limit(excess)
      .delete();
  }
  return removed;
}

async function pruneEventDetails(tx: StoreTables, now: number): Promise<number> {
  const old = await tx.eventDetails.where('refreshedAt').below(now - RETENTION.eventDetails.days * DAY_MS).primaryKeys();
  const excess = (await tx.eventDetails.count()) - old.length - RETENTION.eventDetails.rows;
  const oldIds = new Set(old);
  const overflow =
    excess > 0
      ? await tx.eventDetails
          .orderBy('refreshedAt')
          .filter((row) => !oldIds.has(row.id))
          .limit(excess)
          .primaryKeys()
      : [];
  const gone = [...old, ...overflow];
  await tx.eventDetails.bulkDelete(gone);
  await tx.syncMeta.bulkDelete(gone.map((id) => `event:${id}`));
  return gone.length;
}

async function pruneQueries(tx: StoreTables, now: number): Promise<number> {
  const gone = (await tx.queries.where('refreshedAt').below(now - RETENTION.queries.days * DAY_MS).primaryKeys()).filter(
    (key) => key !== COMPETITIONS_QUERY,
  );
  await tx.queries.bulkDelete(gone);
  await tx.syncMeta.bulkDelete(gone.map(exploreMetaKey));
  return gone.length;
}

/** Slips in none of my lists and no stored search, last fetched on their own long ago (or never). */
async function pruneSlips(tx: StoreTables, now: number, referenced: Set<string>): Promise<number> {
  const inSearches = new Set((await tx.queries.toArray()).flatMap((query) => query.ids));
  const mine = (slip: StoredSlip) => slip.lists.some((list) => list !== 'publicas');
  const candidates = await tx.slips.filter((slip) => !mine(slip) && !inSearches.has(slip.id) && !hasUnsentWork(slip, referenced)).toArray();
  const seen = await tx.syncMeta.bulkGet(candidates.map((slip) => `slip:${slip.id}`));
  const cutoff = now - RETENTION.slipsSeen.days * DAY_MS;
  const gone = candidates.filter((_slip, index) => (seen[index]?.refreshedAt ?? 0) < cutoff).map((slip) => slip.id);
  await tx.slips.bulkDelete(gone);
  await tx.syncMeta.bulkDelete(gone.map((id) => `slip:${id}`));
  return gone.length;
}

/** Prunes the store (RETENTION) in one transaction, so a screen never sees half of it. */
export async function pruneStore(db: AppDb, now = Date.now()): Promise<PruneReport> {
  return writeTransaction(db, ALL_TABLES, async (tx) => {
    const referenced = new Set((await tx.outbox.toArray()).flatMap((entry) => (entry.ref ? [entry.ref.id] : [])));
    return {
      messages: await pruneMessages(tx, now),
      notifications: await pruneNotifications(tx, now),
      users: await pruneUsers(tx, now),
      eventDetails: await pruneEventDetails(tx, now),
      queries: await pruneQueries(tx, now),
      slips: await pruneSlips(tx, now, referenced),
    };
  });
}
