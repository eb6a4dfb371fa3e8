import { atom, type Atom, type Getter } from 'jotai';
import { db } from '../db/instance.ts';
import type { StoredGroup } from '../db/mirror-types.ts';
import type { AllowedSenders, GroupPlan, GroupSummary } from '../../contract/schemas/groups.ts';
import type { SyncMeta } from '../db/types.ts';
import { compareGroups, groupListResource, hasUnseenMessage, inGroupFilter, type GroupFilter } from '../lib/group-lists.ts';
import { myEntriesAtom, syncStateOf, type SyncState } from './outbox.ts';
import { cachedAtom, liveAtom, PENDING, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { sessionUserAtom } from './session.ts';
import { myAccountAtom } from './account.ts';
import { loadSync } from './lazy-sync.ts';
import { runEnqueue, type EnqueueResult } from './enqueue-action.ts';

// The group screens (SPEC §2): the list by sub-filter, one group with its members, creation offline through the
// outbox, joining an open group, and the unread marker of each row.

export type { GroupFilter } from '../lib/group-lists.ts';

/** A group as the list and the chat show it. */
export interface GroupView extends GroupSummary {
  /** Made on this phone and not on the server yet (its id is `local:{n}`): no messages can go to it yet. */
  local: boolean;
  /** Where its creation or its last edit is on the way to the server. */
  sync: SyncState;
  /** The server's reason when that change was refused. */
  syncError: string | null;
  /** A message the user has not seen yet. */
  unread: boolean;
}

function groupView(row: StoredGroup, get: Getter, selfId: string): GroupView {
  const entries = get(myEntriesAtom);
  const entry = row.pendingMutationId === null || row.pendingMutationId === undefined ? undefined : entries.find((candidate) => candidate.mutationId === row.pendingMutationId);
  return {
    ...row.data,
    local: row.id.startsWith('local:'),
    sync: syncStateOf(entries, row.pendingMutationId),
    syncError: entry?.state === 'rejected' ? entry.error : null,
    unread: hasUnseenMessage(row.data, row.seenUpTo, selfId),
  };
}

const allGroupsAtom = personalAtom<StoredGroup[]>([], () => db.groups.toArray());

const listAtoms = new Map<string, Atom<GroupView[] | Pending>>();

/** The groups of one sub-filter from the store, in the server's order (made on this phone first). */
export function groupListAtom(filter: GroupFilter): Atom<GroupView[] | Pending> {
  return cachedAtom(listAtoms, filter, () =>
    viewAtom(allGroupsAtom, (rows, get) => {
      const selfId = get(sessionUserAtom)?.id ?? '';
      return rows
        .filter((row) => inGroupFilter(row.data, filter))
        .sort(compareGroups)
        .map((row) => groupView(row, get, selfId));
    }),
  );
}

const metaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** When a filter's list was last refreshed, and why the last try failed. */
export function groupListMetaAtom(filter: GroupFilter): Atom<SyncMeta | undefined | Pending> {
  return cachedAtom(metaAtoms, filter, () => liveAtom(() => db.syncMeta.get(groupListResource(filter))));
}

/** The first page of a filter, when older than 30 s (SPEC §9) or forced. */
export const refreshGroupListAtom = atom(null, async (_get, _set, input: { filter: GroupFilter; force?: boolean }) => {
  const sync = await loadSync();
  return sync.refreshList(db, sync.groupsList(input.filter), input.force);
});

/** The next page of a filter (infinite scroll, SPEC §4 Lists): 'error' stops paging, 'no-more' ends it. */
export const loadMoreGroupsAtom = atom(null, async (_get, _set, filter: GroupFilter) => {
  const sync = await loadSync();
  return sync.loadMore(db, sync.groupsList(filter));
});

const groupAtoms = new Map<string, Atom<GroupView | null | Pending>>();

/**
 * One group from the store, by its id or by the local id it had before the server acknowledged its creation (so
 * a page opened on `local:{n}` finds the group once it has its server id). null when the store does not have it.
 */
export function groupAtom(id: string): Atom<GroupView | null | Pending> {
  return cachedAtom(groupAtoms, id, () =>
    viewAtom(
      personalAtom<StoredGroup | null>(null, () =>
        db.groups.get(id).then((row) => row ?? (id.startsWith('local:') ? db.groups.filter((group) => group.localId === id).first() : undefined)).then((row) => row ?? null),
      ),
      (row, get) => (row ? groupView(row, get, get(sessionUserAtom)?.id ?? '') : null),
    ),
  );
}

const groupMetaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** When the group's detail was last pulled, and why the last pull failed ('Não encontrado' once it is gone). */
export function groupMetaAtom(id: string): Atom<SyncMeta | undefined | Pending> {
  return cachedAtom(groupMetaAtoms, id, () => liveAtom(() => db.syncMeta.get(`group:${id}`)));
}

/**
 * Pulls a group's detail and members: 'removed' when the user has just stopped being a member, 'gone' when the
 * group was deleted, 'missing' for an id the server does not know.
 */
export const refreshGroupAtom = atom(null, async (_get, _set, id: string) => (await loadSync()).refreshGroup(db, id));

/** Joins an open group (online only). */
export const joinGroupAtom = atom(null, async (_get, _set, id: string) => (await loadSync()).joinGroup(db, id));

/** The user has read the group up to its last message: the row's unread marker goes. */
export const markGroupSeenAtom = atom(null, async (_get, _set, input: { id: string; upTo: string }) =>
  (await loadSync()).markGroupSeen(db, input.id, input.upTo),
);

export interface NewGroup {
  nome: string;
  imagem: string | null;
  privado: boolean;
  allowedSenders: AllowedSenders;
  planos: GroupPlan[];
}

/** Creates a group on this phone and queues it for the server (offline too); it is `local:{mutationId}` until sent. */
export const createGroupAtom = atom(null, (get, _set, input: NewGroup): Promise<EnqueueResult> => {
  const user = get(sessionUserAtom);
  const account = get(myAccountAtom);
  return runEnqueue(user, (sync, userId) =>
    sync.createGroup(db, {
      ...input,
      userId,
      creator: {
        id: userId,
        nome: account && account !== PENDING ? account.nome : (user?.name ?? user?.nomeUsuario ?? ''),
        nomeUsuario: user?.nomeUsuario ?? '',
        fotografia: account && account !== PENDING ? account.fotografia : null,
        role: user?.role ?? 'usuario',
      },
    }),
  );
});
