import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { StoredSlip, UserSeen } from '../db/mirror-types.ts';
import type { SyncMeta } from '../db/types.ts';
import type { PublicUser } from '../../contract/schemas/auth.ts';
import type { Follows } from '../../contract/schemas/profile.ts';
import type { UserRecord } from '../../contract/schemas/record.ts';
import { normalizeUsername } from '../../contract/normalize.ts';
import { profileListKey, profileListMetaKey, profileMetaKey } from '../sync/resources/profile-keys.ts';
import { cachedAtom, liveAtom, PENDING, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue } from './enqueue-action.ts';
import { entrySyncState, myEntriesAtom, type SyncState } from './outbox.ts';
import { refreshAccountAtom } from './account.ts';
import { slipModels } from './slips.ts';
import type { SlipModel } from './slip-model.ts';

// The profile page (SPEC §2 /{nomeUsuario}, §3 User, §7 Profile): someone's profile from the store (readable offline
// once seen), the signed-in user's own from mostrarMeuPerfil, the follow button's state through the outbox, and the
// followers, following and published-slip lists.

/** A profile's lists: who follows them, whom they follow, their published slips. */
export type ProfileList = 'seguidores' | 'seguindo' | 'fichas';

/** Where a follow or unfollow of this profile stands (SPEC §4 Follow button). */
export interface FollowChange {
  mutationId: number;
  /** What the queued change does. */
  follow: boolean;
  sync: SyncState;
  /** The server's reason for a refused change. */
  error: string | null;
}

export interface ProfileView {
  id: string;
  nome: string;
  nomeUsuario: string;
  fotografia: string | null;
  /** The official account (its handle has an English alias on the en host). */
  official: boolean;
  verified: boolean;
  banca: { amount: number; trend: 'up' | 'down' } | null;
  /** Counts, unknown until the profile was fetched once. */
  follows: Pick<Follows, 'followers' | 'following'> | null;
  socials: Record<string, string>;
  /** Whether the viewer follows them (as this phone has it, queued changes included). */
  isFollowing: boolean;
  own: boolean;
  /** The newest follow change not acknowledged yet. */
  change: FollowChange | null;
  /** The verified record as the profile last sent it; null before any was sent. */
  registo: UserRecord | null;
}

function viewOf(user: UserSeen, follows: Follows | undefined, own: boolean, change: FollowChange | null, registo?: UserRecord): ProfileView {
  return {
    id: user.id,
    nome: user.nome,
    nomeUsuario: user.nomeUsuario,
    fotografia: user.fotografia,
    official: user.conta === 'oficial',
    verified: user.nif?.verificado === true,
    banca: user.banca ?? null,
    follows: follows ? { followers: follows.followers, following: follows.following } : null,
    socials: follows?.socials ?? {},
    isFollowing: user.isFollowing === true,
    own,
    change,
    registo: registo ?? user.registo ?? null,
  };
}

const userAtoms = new Map<string, Atom<UserSeen | undefined | Pending>>();

function userByHandleAtom(handle: string): Atom<UserSeen | undefined | Pending> {
  return cachedAtom(userAtoms, handle, () =>
    viewAtom(
      personalAtom(undefined, () => db.users.where('nomeUsuario').equals(handle).first()),
      (row) => row?.data,
    ),
  );
}

const ownRecordAtom = personalAtom(undefined, () => db.kv.get('profile'));

const profileAtoms = new Map<string, Atom<ProfileView | undefined | Pending>>();

/**
 * The profile of `nomeUsuario` as this phone knows it: the own one from mostrarMeuPerfil, anyone else's from the
 * users table; undefined when never seen here.
 */
export function profileAtom(nomeUsuario: string): Atom<ProfileView | undefined | Pending> {
  const handle = normalizeUsername(nomeUsuario);
  return cachedAtom(profileAtoms, handle, () =>
    atom((get) => {
      const self = get(sessionUserAtom);
      if (self && self.nomeUsuario === handle) {
        const record = get(ownRecordAtom);
        if (record === PENDING) return PENDING;
        if (record?.key === 'profile') return viewOf(record.value.usuario, record.value.follows, true, null, record.value.registo);
      }
      const user = get(userByHandleAtom(handle));
      if (user === PENDING || user === undefined) return user;
      const entry = get(myEntriesAtom)
        .filter((candidate) => (candidate.kind === 'follow' || candidate.kind === 'unfollow') && candidate.ref?.id === user.id)
        .at(-1);
      const change: FollowChange | null = entry
        ? { mutationId: entry.mutationId, follow: entry.kind === 'follow', sync: entrySyncState(entry), error: entry.error }
        : null;
      return viewOf(user, user.follows, self?.id === user.id, change);
    }),
  );
}

const metaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** When the profile was last fetched, and the last failure. */
export function profileMetaAtom(nomeUsuario: string, own: boolean): Atom<SyncMeta | undefined | Pending> {
  const key = own ? 'profile' : profileMetaKey(nomeUsuario);
  return cachedAtom(metaAtoms, key, () => liveAtom(() => db.syncMeta.get(key)));
}

export type ProfileOutcome = 'loaded' | 'missing' | 'error';

/** Asks the server for the profile (the own one through the account refresh, which keeps waiting changes). */
export const refreshProfileAtom = atom(null, async (get, set, nomeUsuario: string): Promise<ProfileOutcome> => {
  const self = get(sessionUserAtom);
  if (self && self.nomeUsuario === normalizeUsername(nomeUsuario)) {
    await set(refreshAccountAtom);
    return 'loaded';
  }
  return (await loadSync()).refreshUserProfile(db, nomeUsuario);
});

export const followAtom = atom(null, (get, _set, input: { target: { id: string; nomeUsuario: string }; follow: boolean }) =>
  runEnqueue(get(sessionUserAtom), (sync, userId) => sync.followUser(db, { userId, ...input })),
);

const userListAtoms = new Map<string, Atom<PublicUser[] | undefined | Pending>>();

/** Who follows the user, or whom they follow, newest follow first, as far as it was loaded. */
export function followListAtom(kind: 'seguidores' | 'seguindo', userId: string): Atom<PublicUser[] | undefined | Pending> {
  const key = profileListKey(kind, userId);
  return cachedAtom(userListAtoms, key, () =>
    viewAtom(
      personalAtom(undefined, () =>
        db.queries
          .get(key)
          .then((row) => row && db.users.bulkGet(row.ids).then((users) => users.flatMap((user) => (user ? [user.data] : [])))),
      ),
      (users) => users?.map(({ id, nome, nomeUsuario, fotografia, role }) => ({ id, nome, nomeUsuario, fotografia, role })),
    ),
  );
}

const slipListAtoms = new Map<string, Atom<SlipModel[] | undefined | Pending>>();

/** The user's published slips with their results, newest first, as far as they were loaded. */
export function profileSlipsAtom(userId: string): Atom<SlipModel[] | undefined | Pending> {
  const key = profileListKey('fichas', userId);
  return cachedAtom(slipListAtoms, key, () =>
    viewAtom(
      personalAtom(undefined, () =>
        db.queries
          .get(key)
          .then((row) => row && db.slips.bulkGet(row.ids).then((slips) => slips.filter((slip): slip is StoredSlip => slip !== undefined))),
      ),
      (rows, get) => rows && slipModels(rows, get),
    ),
  );
}

const listMetaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** A profile list's freshness and paging (noMore once the server has nothing older). */
export function profileListMetaAtom(kind: ProfileList, userId: string): Atom<SyncMeta | undefined | Pending> {
  const key = profileListMetaKey(kind, userId);
  return cachedAtom(listMetaAtoms, key, () => liveAtom(() => db.syncMeta.get(key)));
}

export const loadProfileListAtom = atom(
  null,
  async (get, _set, input: { kind: ProfileList; nomeUsuario: string; userId: string; more?: boolean; force?: boolean }) =>
    (await loadSync()).loadProfileList(db, { ...input, selfId: get(sessionUserAtom)?.id ?? '' }),
);
