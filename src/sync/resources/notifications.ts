import type { AppDb } from '../../db/app-db.ts';
import { fetchNotifications } from '../../api/social.ts';
import { messageSortKey, type StoredNotification } from '../../db/mirror-types.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { PAGE_SIZE, REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import type { Notification } from '../../../contract/schemas/notifications.ts';
import { isStale } from '../freshness.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';

// The notifications list (SPEC §2 /dashboard/notifications): newest first, pages of 50 through the `before` cursor
// (docs/api/social.md), kept in the store so the page reads offline; read marks go through the outbox.

const RESOURCE = 'notifications';
const COMMON = '/api/client/common';
/** The outbox kind of a read mark; its optimistic change is kept as is (no applier needed). */
const MARK_READ_KIND = 'notifications.markRead';

/** Notifications marked read on this phone whose mark the server has not acknowledged yet. */
async function readHere(tx: Pick<StoreTables, 'outbox'>): Promise<Set<string>> {
  const entries = await tx.outbox.where('state').anyOf('pending', 'sending', 'paused').toArray();
  const ids = entries.flatMap((entry) => {
    if (entry.kind !== MARK_READ_KIND) return [];
    const body = entry.body as { ids?: unknown } | null;
    return Array.isArray(body?.ids) ? body.ids.filter((id): id is string => typeof id === 'string') : [];
  });
  return new Set(ids);
}

function rowOf(notification: Notification, marked: Set<string>): StoredNotification {
  // A read mark still on its way wins over the server's older "unread".
  const data = marked.has(notification.id) ? { ...notification, lida: true } : notification;
  return { id: notification.id, sortKey: messageSortKey(notification.createdAt, notification.id), data };
}

/**
 * The newest page, when the stored copy is older than 30 s (SPEC §9) or forced. Stored rows from the page's oldest
 * up that it no longer holds are gone from the server and go here too; a failure is recorded and what the store had
 * stays. The next older page starts where this one ends (its `nextBefore`), so a gap after a long time away is
 * filled as the user scrolls.
 */
export async function refreshNotifications(db: AppDb, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !(await isStale(db, RESOURCE, REFRESH_LISTS_MS))) return;
  const owner = await readMirrorOwner(db);
  // What the phone held when the page was asked for: a row that came live meanwhile is not one the page left out.
  const heldBefore = new Set(await db.notifications.toCollection().primaryKeys());
  const result = await fetchNotifications({ size: PAGE_SIZE });
  await writeForOwner(db, owner, async (tx) => {
    const meta = await tx.syncMeta.get(RESOURCE);
    if (result.kind !== 'ok') {
      await tx.syncMeta.put({ ...(meta ?? { resource: RESOURCE, refreshedAt: 0 }), error: result.message });
      return;
    }
    const { notificacoes, nextBefore } = result.data;
    const marked = await readHere(tx);
    const rows = notificacoes.map((n) => rowOf(n, marked));
    const fetched = new Set(rows.map((row) => row.id));
    // Rows held before the fetch from the page's oldest up (everything, when the server has nothing older) that the
    // page no longer has are gone from the server; older ones wait for their own page, live arrivals stay.
    const oldest = nextBefore === null ? '' : (rows.at(-1)?.sortKey ?? '');
    await tx.notifications
      .where('sortKey')
      .aboveOrEqual(oldest)
      .filter((row) => heldBefore.has(row.id) && !fetched.has(row.id))
      .delete();
    await tx.notifications.bulkPut(rows);
    await tx.syncMeta.put({ resource: RESOURCE, refreshedAt: Date.now(), error: null, cursor: nextBefore, noMore: nextBefore === null });
  });
}

export type OlderOutcome = 'loaded' | 'no-more' | 'error';

/** The next older page ("Ver mais notificações" or the end of the list coming into view). */
export async function loadOlderNotifications(db: AppDb): Promise<OlderOutcome> {
  const meta = await db.syncMeta.get(RESOURCE);
  if (!meta || meta.cursor === undefined) {
    await refreshNotifications(db, { force: true });
    const after = await db.syncMeta.get(RESOURCE);
    return after?.error ? 'error' : 'loaded';
  }
  if (meta.noMore || meta.cursor === null) return 'no-more';
  const owner = await readMirrorOwner(db);
  const result = await fetchNotifications({ size: PAGE_SIZE, before: meta.cursor });
  const stored = await writeForOwner(db, owner, async (tx) => {
    const current = (await tx.syncMeta.get(RESOURCE)) ?? meta;
    if (result.kind !== 'ok') {
      // An unknown cursor (the row went on the server) is 400: the list starts again from the newest page.
      await tx.syncMeta.put({ ...current, error: result.message, ...(result.kind === 'http' && result.status === 400 ? { cursor: undefined } : {}) });
      return false;
    }
    const marked = await readHere(tx);
    await tx.notifications.bulkPut(result.data.notificacoes.map((n) => rowOf(n, marked)));
    await tx.syncMeta.put({ ...current, error: null, cursor: result.data.nextBefore, noMore: result.data.nextBefore === null });
    return true;
  });
  if (stored !== true) return 'error';
  return (await db.syncMeta.get(RESOURCE))?.noMore ? 'no-more' : 'loaded';
}

/**
 * The user has seen these notifications: read on this phone at once, on the server through the outbox (also
 * offline). At most 250 ids a mark (the server's limit); returns the mutation id, or 0 when nothing was unread.
 */
export async function markNotificationsRead(db: AppDb, userId: string, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)].slice(0, 250);
  if (unique.length === 0) return 0;
  return enqueueMutation(db, {
    userId,
    kind: MARK_READ_KIND,
    method: 'POST',
    path: `${COMMON}/notificacoes/marcarLidas`,
    body: { ids: unique },
    optimistic: async (_mutationId, tx) => {
      const rows = await tx.notifications.bulkGet(unique);
      await tx.notifications.bulkPut(rows.flatMap((row) => (row && !row.data.lida ? [{ ...row, data: { ...row.data, lida: true } }] : [])));
    },
  });
}
