import type { AppDb } from '../../db/app-db.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import type { UserSeen } from '../../db/mirror-types.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { call } from '../../api/http.ts';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import { FollowResponseSchema, UserListResponseSchema, UserProfileResponseSchema, type Follows } from '../../../contract/schemas/profile.ts';
import { SlipListResponseSchema, type Ficha } from '../../../contract/schemas/slips.ts';
import { normalizeUsername } from '../../../contract/normalize.ts';
import { REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import { loadNextPage, refreshFirstPage, type PagedList, type PageOutcome } from '../pull/paged.ts';
import { markFailed, markRefreshed } from '../freshness.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { profileListKey, profileListMetaKey, profileMetaKey, type ProfileListKind } from './profile-keys.ts';
import { slipRow } from './slips.ts';

// Someone's profile (SPEC §2 /{nomeUsuario}, §3 User, §7 Profile): the user row keeps the profile's fields, its
// follow counts and whether the viewer follows them, so it opens offline once seen. Followers, following and the
// user's published slips are `queries` rows of ids (users in `users`, slips in `slips`), paged like every list.

const PERFIL = '/api/client/common/perfil';

const FOLLOW_KINDS = new Set(['follow', 'unfollow']);

/** The follow or unfollow of this user still waiting on this phone, if any (the newest). */
function waitingFollow(entries: OutboxEntry[], userId: string): OutboxEntry | undefined {
  return entries.filter((entry) => FOLLOW_KINDS.has(entry.kind) && entry.ref?.table === 'users' && entry.ref.id === userId).at(-1);
}

export type ProfileOutcome = 'loaded' | 'missing' | 'error';

/**
 * GET perfil/{nomeUsuario} into the user row. A follow still waiting keeps its optimistic isFollowing and counts;
 * the rest is the server's. An unknown handle is 'missing'.
 */
export async function refreshUserProfile(db: AppDb, nomeUsuario: string): Promise<ProfileOutcome> {
  const handle = normalizeUsername(nomeUsuario);
  const owner = await readMirrorOwner(db);
  const result = await call(`${PERFIL}/${encodeURIComponent(handle)}`, { schema: UserProfileResponseSchema });
  if (result.kind === 'http' && result.status === 404) return 'missing';
  const stored = await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return markFailed(tx, profileMetaKey(handle), result.message);
    const { usuario, follows, isFollowing, registo } = result.data;
    const known = await tx.users.get(usuario.id);
    const waiting = waitingFollow(await tx.outbox.toArray(), usuario.id);
    // The record is kept as last sent, so the profile shows it offline; a server that sends none keeps it.
    const record = registo ?? known?.data.registo;
    const base: UserSeen = { ...known?.data, ...usuario, ...(record ? { registo: record } : {}) };
    const data: UserSeen = waiting
      ? { ...base, isFollowing: known?.data.isFollowing ?? isFollowing, follows: known?.data.follows ?? follows }
      : { ...base, isFollowing, follows };
    await tx.users.put({ id: usuario.id, nomeUsuario: usuario.nomeUsuario, data, seenAt: Date.now() });
    await markRefreshed(tx, profileMetaKey(handle));
  });
  return stored && result.kind === 'ok' ? 'loaded' : 'error';
}

async function storeUsers(tx: StoreTables, users: PublicUser[]): Promise<void> {
  const seenAt = Date.now();
  const known = await tx.users.bulkGet(users.map((user) => user.id));
  await tx.users.bulkPut(users.map((user, index) => ({ id: user.id, nomeUsuario: user.nomeUsuario, data: { ...known[index]?.data, ...user }, seenAt })));
}

async function storeSlips(tx: StoreTables, fichas: Ficha[], selfId: string): Promise<void> {
  // A slip with a change still on its way (publish, hide, save) keeps its optimistic row until the outbox settles it.
  const held = await tx.slips.bulkGet(fichas.map((ficha) => ficha.id));
  const waiting = new Set(held.filter((row) => row?.pendingMutationId != null).map((row) => row?.id));
  await tx.slips.bulkPut(fichas.filter((ficha) => !waiting.has(ficha.id)).map((ficha) => slipRow(ficha, selfId)));
}

/** One of a profile's lists: who follows them, whom they follow, or their published slips. */
function profileList(input: { kind: ProfileListKind; nomeUsuario: string; userId: string; selfId: string }): PagedList<PublicUser | Ficha> {
  const key = profileListKey(input.kind, input.userId);
  const path = `${PERFIL}/${encodeURIComponent(normalizeUsername(input.nomeUsuario))}/${input.kind}`;
  return {
    resource: profileListMetaKey(input.kind, input.userId),
    fetchPage: async (page, size) => {
      if (input.kind === 'fichas') {
        const result = await call(`${path}?pageNumber=${page}&size=${size}`, { schema: SlipListResponseSchema });
        return result.kind === 'ok' ? { ...result, data: result.data.fichas } : result;
      }
      const result = await call(`${path}?pageNumber=${page}&size=${size}`, { schema: UserListResponseSchema });
      return result.kind === 'ok' ? { ...result, data: result.data.usuarios } : result;
    },
    store: async (tx, rows, { replace }) => {
      if (input.kind === 'fichas') await storeSlips(tx, rows as Ficha[], input.selfId);
      else await storeUsers(tx, rows as PublicUser[]);
      const before = replace ? [] : ((await tx.queries.get(key))?.ids ?? []);
      const ids = [...before, ...rows.map((row) => row.id).filter((id) => !before.includes(id))];
      await tx.queries.put({ key, ids, refreshedAt: Date.now() });
    },
  };
}

/** A profile list's first page (when stale or forced), or its next page with `more`. */
export function loadProfileList(
  db: AppDb,
  input: { kind: ProfileListKind; nomeUsuario: string; userId: string; selfId: string; more?: boolean; force?: boolean },
): Promise<PageOutcome> {
  const list = profileList(input);
  return input.more ? loadNextPage(db, list) : refreshFirstPage(db, list, { maxAgeMs: REFRESH_LISTS_MS, force: input.force });
}

function countsAfter(follows: Follows | undefined, wasFollowing: boolean, follow: boolean): Follows | undefined {
  if (!follows || wasFollowing === follow) return follows;
  return { ...follows, followers: Math.max(0, follows.followers + (follow ? 1 : -1)) };
}

/**
 * Follow or unfollow through the outbox (SPEC §4 Follow button): the user row shows the new state and follower
 * count at once, and the entry (ref users:{id}) says it is waiting until the server has it.
 */
export function followUser(db: AppDb, input: { userId: string; target: { id: string; nomeUsuario: string }; follow: boolean }): Promise<number> {
  return enqueueMutation(db, {
    userId: input.userId,
    kind: input.follow ? 'follow' : 'unfollow',
    method: input.follow ? 'POST' : 'DELETE',
    path: `${PERFIL}/${encodeURIComponent(input.target.nomeUsuario)}/seguir`,
    body: null,
    ref: { table: 'users', id: input.target.id },
    optimistic: async (_mutationId, tx) => {
      const row = await tx.users.get(input.target.id);
      if (!row) return;
      const follows = countsAfter(row.data.follows, row.data.isFollowing === true, input.follow);
      await tx.users.put({ ...row, data: { ...row.data, isFollowing: input.follow, ...(follows ? { follows } : {}) } });
    },
  });
}

/** The server's `{isFollowing, follows}` replaces the optimistic row, unless a later follow change of it still waits. */
export const followApplier: Applier = {
  async applied(db, entry, body) {
    const userId = entry.ref?.id;
    const parsed = FollowResponseSchema.safeParse(body);
    if (!userId || !parsed.success) return;
    const later = (await db.outbox.toArray()).some(
      (other) => other.mutationId > entry.mutationId && FOLLOW_KINDS.has(other.kind) && other.ref?.table === 'users' && other.ref.id === userId,
    );
    const row = await db.users.get(userId);
    if (row && !later) await db.users.put({ ...row, data: { ...row.data, isFollowing: parsed.data.isFollowing, follows: parsed.data.follows } });
    // My own "following" count moved: read my profile again next time it is shown.
    await db.syncMeta.delete('profile');
  },
  /** A discarded follow change is undone on this phone; the next refresh brings the server's word. */
  async discarded(db, entry) {
    const userId = entry.ref?.id;
    const row = userId ? await db.users.get(userId) : undefined;
    if (!row) return;
    const follow = entry.kind !== 'follow';
    const follows = countsAfter(row.data.follows, row.data.isFollowing === true, follow);
    await db.users.put({ ...row, data: { ...row.data, isFollowing: follow, ...(follows ? { follows } : {}) } });
    await db.syncMeta.delete(profileMetaKey(row.nomeUsuario));
  },
};
