import type { AppDb } from '../../db/app-db.ts';
import { fetchConversations, fetchConversationWith, fetchGroups, fetchRooms, fetchUpdates } from '../../api/social.ts';
import { COUNTER_NAMES } from '../../../contract/schemas/signals.ts';
import { PAGE_SIZE, REFRESH_LISTS_MS, REFRESH_UPDATES_MS } from '../../../contract/limits.ts';
import { loadNextPage, refreshFirstPage, type PagedList } from '../pull/paged.ts';
import { isStale, markFailed, markRefreshed } from '../freshness.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { writeForOwner } from '../mirror-owner.ts';
import type { Conversation } from '../../../contract/schemas/chats.ts';
import type { StoredConversation } from '../../db/mirror-types.ts';
import type { GroupSummary } from '../../../contract/schemas/groups.ts';
import type { Room } from '../../../contract/schemas/rooms.ts';
import { compareGroups, groupListResource, inGroupFilter, type GroupFilter } from '../../lib/group-lists.ts';
import { storeGroupPage } from './groups.ts';
import { waitingIds } from '../outbox/waiting.ts';

// Refreshers of the community lists (SPEC §9: lists every 30 s, updates every 300 s; pages of 50).

export function conversationsList(): PagedList<Conversation> {
  // When the page being stored was asked for, on this phone's clock (a row's liveAt is on it too).
  let askedAt = 0;
  return {
    resource: 'conversations',
    fetchPage: async (page, size) => {
      askedAt = Date.now();
      const result = await fetchConversations(page, size);
      return result.kind === 'ok' ? { ...result, data: result.data.conversas } : result;
    },
    store: async (tx, rows, { replace }) => {
      // A conversation marked read on the phone keeps that mark until the server has it: a page fetched before
      // would show it unread again.
      const waiting = await waitingIds(tx, 'conversations');
      // A message that came live while this page was on its way is newer than the page: its row stays as it is.
      const stored = new Map((await tx.conversations.bulkGet(rows.map((row) => row.id))).flatMap((row) => (row ? [[row.id, row] as const] : [])));
      const newerHere = (row: Conversation) => (stored.get(row.id)?.lastMessageAt ?? '') > (row.lastMessageAt ?? row.createdAt);
      const kept = new Set(rows.filter((row) => waiting.has(row.id) || newerHere(row)).map((row) => row.id));
      // A conversation that a live message wrote after the page was asked for is not on it (someone's first message):
      // the page does not remove it.
      const cameLive = (conversation: StoredConversation) => (conversation.liveAt ?? 0) >= askedAt;
      if (replace) {
        await tx.conversations
          .filter((conversation) => !waiting.has(conversation.id) && !kept.has(conversation.id) && !cameLive(conversation))
          .delete();
      }
      await tx.conversations.bulkPut(
        rows.filter((row) => !kept.has(row.id)).map((row) => ({ id: row.id, lastMessageAt: row.lastMessageAt ?? row.createdAt, data: row })),
      );
      // Users seen: the people in these conversations, for profiles and presence offline.
      const seenAt = Date.now();
      const people = rows.flatMap((row) => [row.primeiroUsuario, row.segundoUsuario]);
      for (const person of people) {
        const known = await tx.users.get(person.id);
        await tx.users.put({ id: person.id, nomeUsuario: person.nomeUsuario, data: { ...known?.data, ...person }, seenAt });
      }
    },
  };
}

/**
 * The group list of one sub-filter (SPEC §2: tudo, subscricoes, meus), paged by 50. Every filter shares the one
 * store of groups; which filter a group is in follows from its `meuPapel` (lib/group-lists.ts).
 */
export function groupsList(filter: GroupFilter = 'tudo'): PagedList<GroupSummary> {
  return {
    resource: groupListResource(filter),
    fetchPage: async (page, size) => {
      const result = await fetchGroups(page, size, filter);
      return result.kind === 'ok' ? { ...result, data: result.data.grupos } : result;
    },
    store: async (tx, rows, { replace }) => {
      // A group with an edit still waiting keeps its optimistic row until the edit is acknowledged; a group made
      // on this phone (`local:`) stays until the server has it.
      const waiting = await waitingIds(tx, 'groups');
      if (replace) {
        // A fresh first page: a group of this filter that the page skips, though it would sort within it, is gone
        // from the filter on the server. Groups further down stay until their page comes (the list keeps its place).
        const fetched = new Set(rows.map((row) => row.id));
        const last = rows.at(-1);
        const lastRow = last ? { id: last.id, data: last } : null;
        const complete = rows.length < PAGE_SIZE;
        await tx.groups
          .filter(
            (group) =>
              !group.id.startsWith('local:') &&
              !waiting.has(group.id) &&
              !fetched.has(group.id) &&
              inGroupFilter(group.data, filter) &&
              (complete || lastRow === null || compareGroups(group, lastRow) < 0),
          )
          .delete();
      }
      await storeGroupPage(tx, rows, waiting);
    },
  };
}

export function roomsList(): PagedList<Room> {
  return {
    resource: 'rooms',
    fetchPage: async (page, size) => {
      const result = await fetchRooms(page, size);
      return result.kind === 'ok' ? { ...result, data: result.data.data } : result;
    },
    store: async (tx, rows, { replace }) => {
      if (replace) await tx.rooms.clear();
      await tx.rooms.bulkPut(rows.map((row) => ({ id: row.id, eventId: row.eventId, lastMessageAt: row.lastMessageAt ?? row.createdAt, data: row })));
    },
  };
}

export const refreshList = <T>(db: AppDb, list: PagedList<T>, force = false) =>
  refreshFirstPage(db, list, { maxAgeMs: REFRESH_LISTS_MS, force });
export const loadMore = loadNextPage;

/**
 * Every unread counter (SPEC §3) from mostrarMeusUpdates, every 300 s and after each reconnect. A counter that
 * changed on this phone while the answer was on its way (a live message added one, the user reset it) or whose reset
 * is still waiting in the outbox keeps the phone's count: the answer may have been counted before that change.
 */
export async function refreshCounters(db: AppDb, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !(await isStale(db, 'counters', REFRESH_UPDATES_MS))) return;
  const owner = await readMirrorOwner(db);
  const askedAt = Date.now();
  const result = await fetchUpdates();
  await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return markFailed(tx, 'counters', result.message);
    const waiting = await waitingIds(tx, 'counters');
    const stored = new Map((await tx.counters.toArray()).map((counter) => [counter.name, counter]));
    const newerHere = (name: string) => waiting.has(name) || (stored.get(name)?.changedAt ?? -1) >= askedAt;
    await tx.counters.bulkPut(
      COUNTER_NAMES.filter((name) => !newerHere(name)).map((name) => ({ name, count: result.data.updates[name]?.count ?? 0 })),
    );
    await markRefreshed(tx, 'counters');
  });
}

/** The conversation with a user (created on the server when opened); kept in the store, its id returned. */
export async function openConversationWith(db: AppDb, nomeUsuario: string): Promise<{ id: string } | { message: string }> {
  const owner = await readMirrorOwner(db);
  const result = await fetchConversationWith(nomeUsuario);
  if (result.kind !== 'ok') return { message: result.message };
  const conversa = result.data.conversa;
  await writeForOwner(db, owner, async (tx) => {
    if (!(await waitingIds(tx, 'conversations')).has(conversa.id)) {
      await tx.conversations.put({ id: conversa.id, lastMessageAt: conversa.lastMessageAt ?? conversa.createdAt, data: conversa });
    }
    // Messages written to this user before the id was known move to the conversation's own key.
    await tx.messages
      .where('[chatKey+sortKey]')
      .between([`conversa:@${nomeUsuario}`, ''], [`conversa:@${nomeUsuario}`, '\uffff'])
      .modify({ chatKey: `conversa:${conversa.id}` });
  });
  return { id: conversa.id };
}
