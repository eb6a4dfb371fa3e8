import { atom, type Atom } from 'jotai';
import { liveQuery } from 'dexie';
import { db } from '../db/instance.ts';
import type { OutboxEntry } from '../db/outbox-types.ts';
import type { StoredGroup, StoredGroupMember, StoredUser } from '../db/mirror-types.ts';
import type { PublicUser } from '../../contract/schemas/auth.ts';
import { GROUP_MAX_USERS, type GroupPlanName, type GroupSummary, type UpdateGroupRequest } from '../../contract/schemas/groups.ts';
import { myEntriesAtom, syncStateOf, type SyncState } from './outbox.ts';
import { cachedAtom, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue, type EnqueueResult } from './enqueue-action.ts';
import { showToastAtom } from './toasts.ts';
import { onlineAtom } from './network.ts';

// The group drawer and the paywall (SPEC §2, §4, §6): the group with its members as this phone holds them, every
// member change still waiting in the outbox shown on its row, and the edits with their SPEC §8 toasts.

export type GroupRoleLabel = 'criador' | 'administrador' | 'normal';

export type MemberChange = 'add' | 'remove' | 'promote' | 'demote';

/** A member as the drawer lists them, with a change of them still on its way to the server. */
export interface GroupMemberView {
  usuario: PublicUser;
  role: GroupRoleLabel;
  /** End of the paid period (null: none; the creator never has one). */
  expiraEm: string | null;
  pending: { change: MemberChange; sync: SyncState; error: string | null } | null;
}

/** What the caller's place in the group lets them do (SPEC §6; docs/api/social.md roles table). */
export interface GroupPermissions {
  edit: boolean;
  /** Add, remove, promote and demote members. */
  manageMembers: boolean;
  delete: boolean;
  leave: boolean;
}

export function groupPermissions(meuPapel: GroupSummary['meuPapel']): GroupPermissions {
  switch (meuPapel) {
    case 'criador':
      return { edit: true, manageMembers: true, delete: true, leave: false };
    case 'administrador':
      return { edit: true, manageMembers: true, delete: false, leave: true };
    case 'normal':
      return { edit: false, manageMembers: false, delete: false, leave: true };
    default:
      return { edit: false, manageMembers: false, delete: false, leave: false };
  }
}

export interface GroupAdminView {
  /** The group as stored, with where an edit of it stands; null when this phone does not hold it. */
  group: (GroupSummary & { sync: SyncState }) | null;
  /** The creator first, then administrators, then members (each by name). */
  members: GroupMemberView[];
  /** Ids of the creator, the members and the people being added. */
  memberIds: ReadonlySet<string>;
  /** Users counted against GROUP_MAX_USERS: the creator, the members and the people being added. */
  userCount: number;
  full: boolean;
  can: GroupPermissions;
  /** Whether any member row is stored (false: the detail was never pulled, or only the creator is in). */
  hasMemberRows: boolean;
}

const MEMBER_KINDS: Record<string, MemberChange> = {
  'group.addMember': 'add',
  'group.removeMember': 'remove',
  'group.setAdmin': 'promote',
  'group.unsetAdmin': 'demote',
};

/** The member a member edit is about: the last segment of its path. */
function memberIdOf(entry: OutboxEntry): string | null {
  const last = entry.path.split('?')[0]?.split('/').pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return null;
  }
}

function groupEntries(entries: readonly OutboxEntry[], groupId: string): OutboxEntry[] {
  return entries.filter((entry) => entry.ref?.table === 'groups' && entry.ref.id === groupId);
}

interface GroupRead {
  group: StoredGroup | undefined;
  members: StoredGroupMember[];
  /** People being added (read from the users seen), by id. */
  adding: (StoredUser | undefined)[];
}

const ROLE_ORDER: Record<GroupRoleLabel, number> = { criador: 0, administrador: 1, normal: 2 };

function buildView(read: GroupRead, entries: readonly OutboxEntry[], groupId: string): GroupAdminView {
  const mine = groupEntries(entries, groupId);
  const pendingOf = new Map<string, GroupMemberView['pending']>();
  for (const entry of mine) {
    const change = MEMBER_KINDS[entry.kind];
    const memberId = change ? memberIdOf(entry) : null;
    if (change && memberId) pendingOf.set(memberId, { change, sync: syncStateOf(mine, entry.mutationId), error: entry.error });
  }
  const group = read.group ? { ...read.group.data, sync: syncStateOf(mine, read.group.pendingMutationId) } : null;
  const members: GroupMemberView[] = read.members.map((row) => ({
    usuario: row.data.usuario,
    role: row.data.role,
    expiraEm: row.data.expiraEm,
    pending: pendingOf.get(row.userId) ?? null,
  }));
  const listed = new Set(members.map((member) => member.usuario.id));
  if (group) listed.add(group.criador.id);
  for (const user of read.adding) {
    if (!user || listed.has(user.id)) continue;
    const { id, nome, nomeUsuario, fotografia, role } = user.data;
    members.push({ usuario: { id, nome, nomeUsuario, fotografia, role }, role: 'normal', expiraEm: null, pending: pendingOf.get(user.id) ?? null });
    listed.add(user.id);
  }
  members.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.usuario.nome.localeCompare(b.usuario.nome));
  if (group) members.unshift({ usuario: group.criador, role: 'criador', expiraEm: null, pending: null });
  // Members are counted from the rows when this phone holds them, otherwise from the group's own count.
  const counted = read.members.length > 0 || !group ? listed.size : Math.max(group.totalUsuarios, listed.size);
  return {
    group,
    members,
    memberIds: listed,
    userCount: counted,
    full: counted >= GROUP_MAX_USERS,
    can: groupPermissions(group?.meuPapel ?? null),
    hasMemberRows: read.members.length > 0,
  };
}

const viewAtoms = new Map<string, Atom<GroupAdminView | Pending>>();

/** The group, its members and the member changes waiting to be sent, following the store. */
export function groupAdminAtom(groupId: string): Atom<GroupAdminView | Pending> {
  return cachedAtom(viewAtoms, groupId, () =>
    viewAtom(
      personalAtom<GroupRead>({ group: undefined, members: [], adding: [] }, () =>
        db.groups.get(groupId).then((group) =>
          db.groupMembers
            .where('groupId')
            .equals(groupId)
            .toArray()
            .then((members) =>
              db.outbox.toArray().then((entries) => {
                const ids = groupEntries(entries, groupId)
                  .filter((entry) => entry.kind === 'group.addMember')
                  .map(memberIdOf)
                  .filter((id): id is string => id !== null);
                return db.users.bulkGet(ids).then((adding) => ({ group, members, adding }));
              }),
            ),
        ),
      ),
      (read, get) => buildView(read, get(myEntriesAtom), groupId),
    ),
  );
}

export const searchUsersToAddAtom = atom(null, async (_get, _set, term: string) => (await loadSync()).searchUsersToAdd(term));

/** subscrever/{plan}: the payment to open in the frame (online only). */
export const subscribeGroupAtom = atom(null, async (_get, _set, input: { groupId: string; plan: GroupPlanName }) =>
  (await loadSync()).subscribeToGroup(input.groupId, input.plan),
);

export type GroupEditRequest =
  | { kind: 'group.update'; changes: UpdateGroupRequest }
  | { kind: 'group.addMember'; member: PublicUser }
  | { kind: 'group.removeMember' | 'group.setAdmin' | 'group.unsetAdmin'; memberId: string }
  | { kind: 'group.leave' | 'group.delete' };

/** The toasts of one edit (SPEC §8), already in the screen's language. */
export interface GroupEditTexts {
  /** Shown while the server has not answered (update, delete, leave). */
  loading?: string;
  success: string;
  /**
   * Adding a member whose setting did not allow it: the server sent them an invitation instead (they are not a
   * member), so the success text would be untrue. Known from the stored members once the answer is folded in.
   */
  invited?: string;
  /** The refusal, given the server's reason. */
  failure: (reason: string) => string;
  /** Offline, or the server is slow: saved on this phone, sent later. */
  queued: string;
}

/** How long a loading toast waits for the server before saying the change will be sent later. */
const ANSWER_WAIT_MS = 20_000;

export type EntryOutcome = { kind: 'sent' } | { kind: 'rejected'; message: string };

/** Follows an outbox entry until the server acknowledged it (the entry is gone) or refused it. */
export function waitForEntry(mutationId: number): Promise<EntryOutcome> {
  return new Promise((resolve) => {
    let done = false;
    let unsubscribe = () => {};
    const finish = (outcome: EntryOutcome) => {
      if (done) return;
      done = true;
      unsubscribe();
      resolve(outcome);
    };
    const subscription = liveQuery(() => db.outbox.get(mutationId)).subscribe({
      next: (entry) => {
        if (!entry) finish({ kind: 'sent' });
        else if (entry.state === 'rejected') finish({ kind: 'rejected', message: entry.error ?? '' });
      },
      error: () => {},
    });
    unsubscribe = () => subscription.unsubscribe();
    if (done) unsubscribe();
  });
}

/**
 * Whether an acknowledged add left the person out of the group: the applier stored the server's member list in the
 * transaction that ended the entry, so a member not in it was invited, not added (adicionarUsuario's `convite`).
 */
async function landedAsInvitation(groupId: string, edit: GroupEditRequest): Promise<boolean> {
  if (edit.kind !== 'group.addMember') return false;
  return (await db.groupMembers.get([groupId, edit.member.id])) === undefined;
}

/**
 * A group edit (SPEC §4, §6) through the outbox, with its toasts (SPEC §8). It shows on this phone at once; online a
 * loading toast waits for the server; offline (or after ANSWER_WAIT_MS) the user is told it will be sent; the success
 * or refusal toast comes when the server answers, while the app is open. Resolves once the edit is saved here.
 */
export const groupEditAtom = atom(
  null,
  async (get, set, input: { groupId: string; edit: GroupEditRequest; texts: GroupEditTexts }): Promise<EnqueueResult> => {
    const { groupId, edit, texts } = input;
    const online = get(onlineAtom);
    let loading = texts.loading && online ? set(showToastAtom, { kind: 'loading', text: texts.loading }) : undefined;
    const result = await runEnqueue(get(sessionUserAtom), (sync, userId) => {
      if (edit.kind === 'group.addMember') return sync.addGroupMember(db, { userId, groupId, member: edit.member });
      if (edit.kind === 'group.update') return sync.editGroup(db, { userId, groupId, edit });
      if ('memberId' in edit) return sync.editGroup(db, { userId, groupId, edit: { kind: edit.kind, memberId: edit.memberId } });
      return sync.editGroup(db, { userId, groupId, edit: { kind: edit.kind } });
    });
    if (!result.ok) {
      set(showToastAtom, { kind: 'error', text: texts.failure(result.message), replaces: loading });
      return result;
    }
    const queued = () => {
      set(showToastAtom, { kind: 'info', text: texts.queued, replaces: loading });
      loading = undefined;
    };
    if (!online) queued();
    const timer = loading !== undefined ? setTimeout(queued, ANSWER_WAIT_MS) : undefined;
    void waitForEntry(result.mutationId).then((outcome) => {
      clearTimeout(timer);
      if (outcome.kind === 'rejected') {
        set(showToastAtom, { kind: 'error', text: texts.failure(outcome.message), replaces: loading });
        return;
      }
      void landedAsInvitation(groupId, edit).then((invited) => {
        set(showToastAtom, { kind: 'success', text: invited && texts.invited ? texts.invited : texts.success, replaces: loading });
      });
    });
    return result;
  },
);
