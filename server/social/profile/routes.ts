import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { normalizeUsername } from '../../../contract/normalize.ts';
import {
  CounterResetResponseSchema,
  FollowResponseSchema,
  MyProfileResponseSchema,
  UpdatesResponseSchema,
  UserListResponseSchema,
  UserProfileResponseSchema,
  UserSearchResponseSchema,
} from '../../../contract/schemas/profile.ts';
import { CounterNameSchema } from '../../../contract/schemas/signals.ts';
import { SlipListResponseSchema } from '../../../contract/schemas/slips.ts';
import type { AppEnv } from '../../hono-env.ts';
import { LIST, nextListPlace } from '../../db/list-place.ts';
import { angolaDayOf } from '../../explore/angola-day.ts';
import { idempotent, ok, refuse } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { notify } from '../../notify/notify.ts';
import { readCounters, resetCounter } from '../shared/counters.ts';
import { loadRecord } from '../../slips/record.ts';
import { loadFichas } from '../../slips/slip-view.ts';
import { readPage } from '../shared/request.ts';
import { findUserByName, loadUser, searchUsers, toPublic, toSender } from '../shared/users.ts';
import { createdAtOf, followList, followsOf, isFollowing, myProfileUser, publishedSlipIds, toProfileUser } from './repo.ts';

/** GET /api/client/common/perfil/mostrarMeuPerfil → usuario, follows{following, followers, socials}, registo (the record). */
export async function myProfile(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('db');
  const card = await loadUser(db, c.get('user').id);
  const usuario = card ? await myProfileUser(db, card) : null;
  if (!card || !usuario) return jsonError(c, 401, MSG.unauthenticated);
  return answer(c, MyProfileResponseSchema, {
    usuario,
    follows: await followsOf(db, card.id),
    registo: await loadRecord(db, card.id, new Date()),
  });
}

/** GET /api/client/common/perfil/mostrarMeusUpdates → updates: every counter of SPEC §3 as {count}. */
export async function myUpdates(c: Context<AppEnv>): Promise<Response> {
  return answer(c, UpdatesResponseSchema, { updates: await readCounters(c.get('db'), c.get('user').id) });
}

/** POST /api/client/common/perfil/contadores/{nome}/zerar → contador {nome, count: 0}. */
export async function resetCounterRoute(c: Context<AppEnv>): Promise<Response> {
  const name = CounterNameSchema.safeParse(c.req.param('nome'));
  if (!name.success) return jsonError(c, 400, MSG.invalidRequest);
  return idempotent(c, async (trx) => {
    await resetCounter(trx, c.get('user').id, name.data);
    return ok(CounterResetResponseSchema, { contador: { nome: name.data, count: 0 } });
  });
}

/** GET /api/client/common/perfil/{nomeUsuario} → usuario (public fields), follows, isFollowing, registo (the record). */
export async function userProfile(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('db');
  const card = await findUserByName(db, normalizeUsername(c.req.param('nomeUsuario') ?? ''));
  if (!card) return jsonError(c, 404, MSG.notFound);
  return answer(c, UserProfileResponseSchema, {
    usuario: toProfileUser(card, await createdAtOf(db, card.id)),
    follows: await followsOf(db, card.id),
    isFollowing: await isFollowing(db, c.get('user').id, card.id),
    registo: await loadRecord(db, card.id, new Date()),
  });
}

/** POST /api/client/common/perfil/{nomeUsuario}/seguir: follows and tells the followed user (once a day per follower). */
export async function follow(c: Context<AppEnv>): Promise<Response> {
  const target = await findUserByName(c.get('db'), normalizeUsername(c.req.param('nomeUsuario') ?? ''));
  if (!target) return jsonError(c, 404, MSG.notFound);
  const me = c.get('user').id;
  if (target.id === me) return jsonError(c, 400, MSG.selfFollow);
  return idempotent(c, async (trx, after) => {
    if (!(await isFollowing(trx, me, target.id))) {
      const { seq, createdAt } = await nextListPlace(trx, LIST.follows, new Date());
      await trx.insertInto('seguidores').values({ seguidor_id: me, seguido_id: target.id, created_at: createdAt, seq }).execute();
      const follower = await loadUser(trx, me);
      if (!follower) return refuse(401, MSG.unauthenticated);
      // Follow, unfollow, follow again: one notice per follower a day (docs/decisions.md "Group invitations and merged
      // notifications").
      await notify(
        trx,
        {
          userId: target.id,
          tipo: 'novoSeguidor',
          mensagem: `${follower.nome} começou a seguir-te`,
          counter: 'newNotification',
          sender: toSender(toPublic(follower)),
          chave: `seguir:${me}:${angolaDayOf(new Date()).day}`,
        },
        { signals: c.get('signals'), after },
      );
    }
    return ok(FollowResponseSchema, { isFollowing: true, follows: await followsOf(trx, target.id) });
  });
}

/** DELETE /api/client/common/perfil/{nomeUsuario}/seguir. */
export async function unfollow(c: Context<AppEnv>): Promise<Response> {
  const target = await findUserByName(c.get('db'), normalizeUsername(c.req.param('nomeUsuario') ?? ''));
  if (!target) return jsonError(c, 404, MSG.notFound);
  const me = c.get('user').id;
  return idempotent(c, async (trx) => {
    await trx.deleteFrom('seguidores').where('seguidor_id', '=', me).where('seguido_id', '=', target.id).execute();
    return ok(FollowResponseSchema, { isFollowing: false, follows: await followsOf(trx, target.id) });
  });
}

/** GET /api/client/common/perfil/{nomeUsuario}/seguidores|seguindo?pageNumber&size → usuarios. */
export function followListRoute(direction: 'seguidores' | 'seguindo') {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const page = readPage(c);
    if (!page.ok) return page.response;
    const db = c.get('db');
    const card = await findUserByName(db, normalizeUsername(c.req.param('nomeUsuario') ?? ''));
    if (!card) return jsonError(c, 404, MSG.notFound);
    return answer(c, UserListResponseSchema, { usuarios: await followList(db, card.id, direction, page.data) });
  };
}

/** GET /api/client/common/perfil/{nomeUsuario}/fichas?pageNumber&size → fichas: the user's published slips, newest first. */
export async function profileSlipsRoute(c: Context<AppEnv>): Promise<Response> {
  const page = readPage(c);
  if (!page.ok) return page.response;
  const db = c.get('db');
  const card = await findUserByName(db, normalizeUsername(c.req.param('nomeUsuario') ?? ''));
  if (!card) return jsonError(c, 404, MSG.notFound);
  const ids = await publishedSlipIds(db, card.id, page.data);
  return answer(c, SlipListResponseSchema, { fichas: await loadFichas(db, ids, c.get('user').id) });
}

/** GET /api/client/public/search/{term}/usuarios?pageNumber&size → data. The term is slugified (SPEC §5). */
export async function searchUsersRoute(c: Context<AppEnv>): Promise<Response> {
  const term = normalizeUsername(c.req.param('term') ?? '').slice(0, 50);
  if (!term) return jsonError(c, 400, MSG.searchTerm);
  const page = readPage(c);
  if (!page.ok) return page.response;
  return answer(c, UserSearchResponseSchema, { data: await searchUsers(c.get('db'), term, page.data.size, page.data.offset) });
}

/** The search path without a term. */
export function searchWithoutTerm(c: Context<AppEnv>): Response {
  return jsonError(c, 400, MSG.searchTerm);
}
