import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { MessageResponseSchema } from '../../../contract/schemas/auth.ts';
import {
  CreateGroupRequestSchema,
  GroupListQuerySchema,
  GroupListResponseSchema,
  GroupResponseSchema,
  UpdateGroupRequestSchema,
} from '../../../contract/schemas/groups.ts';
import { groupNameKey, validateGroupFields } from '../../../contract/validation/social.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok, refuse, type Trx } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { newId } from '../../lib/ids.ts';
import { checkImage } from '../messages/input.ts';
import { deleteChatMessages } from '../messages/repo.ts';
import { isId, readJson, readPage, readQuery } from '../shared/request.ts';
import { canManage, isOutcome, loadGroupContext, toAllowedSenders } from './access.ts';
import { findGroup, groupImageUrl, listGroups, parsePlans, toGroup } from './repo.ts';
import { seatFor } from './seats.ts';

/** GET /api/client/common/grupos?pageNumber&size&gruposComponent=tudo|subscricoes|meus → grupos. */
export async function listGroupsRoute(c: Context<AppEnv>): Promise<Response> {
  const page = readPage(c);
  if (!page.ok) return page.response;
  const query = readQuery(c, GroupListQuerySchema);
  if (!query.ok) return query.response;
  const grupos = await listGroups(c.get('db'), c.get('user'), query.data.gruposComponent, page.data);
  return answer(c, GroupListResponseSchema, { grupos });
}

/** GET /api/client/common/grupos/{id} → grupo with usuarios and the caller's mustPay. */
export async function getGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const group = await findGroup(db, id);
  if (!group) return jsonError(c, 404, MSG.notFound);
  return answer(c, GroupResponseSchema, { grupo: await toGroup(db, group, c.get('user')) });
}

type ImageField = { ok: true; value: string | null | undefined } | { ok: false; status: 400 | 413; message: string };

/** The image of a create or update: a data URL to store, null to remove, or undefined to keep. */
function imageField(value: string | null | undefined, keepUrl: string | null): ImageField {
  if (value === undefined || value === null) return { ok: true, value };
  if (!value.startsWith('data:')) {
    // The group's own image URL (what GET returned) keeps the image; any other string is not an image.
    if (keepUrl && value.split('?')[0] === keepUrl.split('?')[0]) return { ok: true, value: undefined };
    return { ok: false, status: 400, message: MSG.imageProblem };
  }
  const check = checkImage(value);
  return check.ok ? { ok: true, value } : check;
}

/**
 * Whether the creator already has another group of this name, case and spaces folded (a creator's groups are a
 * handful; folded here rather than in SQL, whose lower() folds only ASCII in SQLite).
 */
async function creatorHasName(trx: Trx, creatorId: string, nome: string, exceptId: string | null): Promise<boolean> {
  const rows = await trx.selectFrom('grupos').select(['id', 'nome']).where('criador_id', '=', creatorId).execute();
  const key = groupNameKey(nome);
  return rows.some((row) => row.id !== exceptId && groupNameKey(row.nome) === key);
}

const nameTaken = () => refuse(400, MSG.groupNameTaken, { campos: { nome: MSG.groupNameTaken } });

/**
 * POST /api/client/common/grupos/criarGrupo {nome, imagem?, privado, allowedSenders, planos} → 201 grupo; 400
 * 'Já tens um grupo com este nome' when the creator has one of that name already.
 */
export async function createGroup(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, CreateGroupRequestSchema);
  if (!body.ok) return body.response;
  const rule = validateGroupFields({ nome: body.data.nome, privado: body.data.privado, planos: body.data.planos });
  if (!rule.ok) return jsonError(c, 400, rule.message);
  const image = imageField(body.data.imagem, null);
  if (!image.ok) return jsonError(c, image.status, image.message);
  return idempotent(c, async (trx) => {
    if (await creatorHasName(trx, c.get('user').id, rule.value.nome, null)) return nameTaken();
    const now = new Date().toISOString();
    const id = newId();
    await trx
      .insertInto('grupos')
      .values({
        id,
        nome: rule.value.nome,
        imagem: image.value ?? null,
        privado: rule.value.privado ? 1 : 0,
        allowed_senders: toAllowedSenders(body.data.allowedSenders),
        planos: JSON.stringify(rule.value.planos),
        criador_id: c.get('user').id,
        last_sender_id: null,
        last_message: null,
        last_message_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const group = await findGroup(trx, id);
    if (!group) return refuse(500, MSG.generic);
    return ok(GroupResponseSchema, { grupo: await toGroup(trx, group, c.get('user')) }, 201);
  });
}

/** PATCH /api/client/common/grupos/{id}/actualizarGrupo: creator and administrators (SPEC §5, §6). */
export async function updateGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const body = await readJson(c, UpdateGroupRequestSchema);
  if (!body.ok) return body.response;
  return idempotent(c, async (trx) => {
    const ctx = await loadGroupContext(c, trx, id);
    if (isOutcome(ctx)) return ctx;
    if (!canManage(ctx.place)) return refuse(403, MSG.forbidden);
    const { group } = ctx;
    const rule = validateGroupFields({
      nome: body.data.nome ?? group.nome,
      privado: body.data.privado ?? group.privado === 1,
      planos: body.data.planos ?? parsePlans(group.planos),
    });
    if (!rule.ok) return refuse(400, rule.message);
    if (groupNameKey(rule.value.nome) !== groupNameKey(group.nome) && (await creatorHasName(trx, group.criador_id, rule.value.nome, id))) {
      return nameTaken();
    }
    const image = imageField(body.data.imagem, group.imagem ? groupImageUrl(group) : null);
    if (!image.ok) return refuse(image.status, image.message);
    await trx
      .updateTable('grupos')
      .set({
        nome: rule.value.nome,
        privado: rule.value.privado ? 1 : 0,
        planos: JSON.stringify(rule.value.planos),
        ...(body.data.allowedSenders !== undefined ? { allowed_senders: toAllowedSenders(body.data.allowedSenders) } : {}),
        ...(image.value !== undefined ? { imagem: image.value } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const updated = await findGroup(trx, id);
    if (!updated) return refuse(404, MSG.notFound);
    return ok(GroupResponseSchema, { message: MSG.groupUpdated, grupo: await toGroup(trx, updated, c.get('user')) });
  });
}

/** DELETE /api/client/common/grupos/{id}/apagarGrupo: the creator only. */
export async function deleteGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  return idempotent(c, async (trx) => {
    const ctx = await loadGroupContext(c, trx, id);
    if (isOutcome(ctx)) return ctx;
    if (ctx.place !== 'criador') return refuse(403, MSG.forbidden);
    await deleteChatMessages(trx, 'grupo', id);
    await trx.deleteFrom('grupos').where('id', '=', id).execute();
    return ok(MessageResponseSchema, { message: MSG.groupDeleted });
  });
}

/** GET /api/client/common/grupos/{id}/sairDoGrupo: members leave; the creator cannot. */
export async function leaveGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  return idempotent(c, async (trx) => {
    const ctx = await loadGroupContext(c, trx, id);
    if (isOutcome(ctx)) return ctx;
    if (ctx.place === 'criador') return refuse(400, MSG.groupCreatorStays);
    if (!ctx.membership) return refuse(403, MSG.forbidden);
    await trx.deleteFrom('grupo_membros').where('grupo_id', '=', id).where('usuario_id', '=', c.get('user').id).execute();
    return ok(MessageResponseSchema, { message: MSG.groupLeft });
  });
}

/** GET /api/client/common/grupos/{id}/entrar: joins an open group; a private group is joined by subscribing. */
export async function joinGroup(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  return idempotent(c, async (trx) => {
    const ctx = await loadGroupContext(c, trx, id);
    if (isOutcome(ctx)) return ctx;
    if (ctx.place === 'criador') return refuse(400, MSG.groupUserExists);
    if (ctx.group.privado === 1 && ctx.place === null) return refuse(403, MSG.groupPrivateJoin, { tipo: 'grupo', grupoId: id });
    const seat = await seatFor(trx, id, c.get('user').id);
    if (seat === 'member') return refuse(400, MSG.groupUserExists);
    if (seat === 'full') return refuse(400, MSG.groupFull);
    await trx
      .insertInto('grupo_membros')
      .values({ grupo_id: id, usuario_id: c.get('user').id, role: 'normal', expira_em: null, created_at: new Date().toISOString() })
      .execute();
    return ok(GroupResponseSchema, { grupo: await toGroup(trx, ctx.group, c.get('user')) });
  });
}
