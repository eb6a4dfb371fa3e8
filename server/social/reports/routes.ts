import type { Context, Hono } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import {
  CreateReportRequestSchema,
  DecideReportRequestSchema,
  ModeratorGroupResponseSchema,
  REPORT_MSG,
  REPORT_REASON_MAX,
  ReportDetailResponseSchema,
  ReportListQuerySchema,
  ReportListResponseSchema,
  ReportResponseSchema,
  SUSPENSION_MAX_DAYS,
} from '../../../contract/schemas/reports.ts';
import type { AppEnv } from '../../hono-env.ts';
import { requireSession } from '../../auth/session.ts';
import { idempotent, ok, refuse, type After, type Trx } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { newId } from '../../lib/ids.ts';
import { bumpCounter, notify } from '../../notify/notify.ts';
import { requireModerator } from '../moderator/routes.ts';
import { isId, readJson, readPage, readQuery } from '../shared/request.ts';
import { loadUser, toPublic, toSender } from '../shared/users.ts';
import { toMessages } from '../messages/repo.ts';
import { findTarget, groupReports, messageWithContext, moderatorIds, toDenuncias } from './repo.ts';
import { forgetSuspensions } from './suspension.ts';
import { trxWithReports, withReports, type DenunciasTable } from './tables.ts';

const COMMON = '/api/client/common';
const MOD = '/api/client/moderador';

/** POST /api/client/common/denuncias {tipo, id, motivo} → 201 {denuncia} (the first one again when made again). */
export async function createReport(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, CreateReportRequestSchema);
  if (!body.ok) return body.response;
  const { tipo, id } = body.data;
  const motivo = body.data.motivo.trim();
  if (!motivo) return jsonError(c, 400, REPORT_MSG.reasonRequired);
  if (motivo.length > REPORT_REASON_MAX) return jsonError(c, 400, REPORT_MSG.reasonTooLong);
  // Every target's id is a UUID: anything else cannot exist (and is never put to the database).
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const me = c.get('user');
  return idempotent(c, async (trx) => {
    const target = await findTarget(trx, me, tipo, id);
    if (!target) return refuse(404, MSG.notFound);
    if (target.denunciadoId === me.id) return refuse(400, REPORT_MSG.selfReport);
    const rtrx = trxWithReports(trx);
    const existing = await rtrx
      .selectFrom('denuncias')
      .selectAll()
      .where('denunciante_id', '=', me.id)
      .where('tipo', '=', tipo)
      .where('alvo_id', '=', id)
      .executeTakeFirst();
    // Made again (another key): the first report, as made; nothing is counted twice.
    if (existing) return ok(ReportResponseSchema, { denuncia: (await toDenuncias(trx, [existing]))[0]!, message: REPORT_MSG.reported }, 201);
    const now = new Date().toISOString();
    const row: DenunciasTable = {
      id: newId(),
      denunciante_id: me.id,
      tipo,
      alvo_id: id,
      motivo,
      estado: 'pendente',
      accao: null,
      suspenso_ate: null,
      denunciado_id: target.denunciadoId,
      conteudo: target.conteudo.slice(0, 2000),
      chat_tipo: target.chat?.tipo ?? null,
      chat_id: target.chat?.id ?? null,
      moderador_id: null,
      created_at: now,
      updated_at: now,
    };
    await rtrx.insertInto('denuncias').values(row).execute();
    // Every moderator's newReportMade goes up (the list at /moderador/notifications resets it).
    const moderators = await moderatorIds(trx);
    for (const moderatorId of moderators) await bumpCounter(trx, moderatorId, 'newReportMade');
    return ok(ReportResponseSchema, { denuncia: (await toDenuncias(trx, [row]))[0]!, message: REPORT_MSG.reported }, 201);
  });
}

/** GET /api/client/moderador/denuncias?estado&pageNumber&size → {denuncias}, newest first. */
export async function listReports(c: Context<AppEnv>): Promise<Response> {
  const page = readPage(c);
  if (!page.ok) return page.response;
  const query = readQuery(c, ReportListQuerySchema.passthrough());
  if (!query.ok) return query.response;
  const db = c.get('db');
  let select = withReports(db).selectFrom('denuncias').selectAll();
  if (query.data.estado) select = select.where('estado', '=', query.data.estado);
  const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.data.size).offset(page.data.offset).execute();
  return answer(c, ReportListResponseSchema, { denuncias: await toDenuncias(db, rows) });
}

async function reportRow(c: Context<AppEnv>): Promise<DenunciasTable | null> {
  const id = c.req.param('id');
  if (!isId(id)) return null;
  return (await withReports(c.get('db')).selectFrom('denuncias').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/**
 * GET /api/client/moderador/denuncias/{id} → {denuncia, contexto}. The only way a moderator reads other people's
 * messages: the reported message and up to 3 either side of it in its chat.
 */
export async function getReport(c: Context<AppEnv>): Promise<Response> {
  const row = await reportRow(c);
  if (!row) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const contexto = row.tipo === 'mensagem' ? await messageWithContext(db, row.alvo_id) : [];
  return answer(c, ReportDetailResponseSchema, { denuncia: (await toDenuncias(db, [row]))[0]!, contexto });
}

const DAY_MS = 86_400_000;

/** Removes the reported content: a message keeps its place with the moderator's note, a slip is hidden. */
async function removeContent(trx: Trx, row: DenunciasTable): Promise<boolean> {
  if (row.tipo === 'mensagem') {
    await trx.deleteFrom('imagens').where('mensagem_id', '=', row.alvo_id).execute();
    await trx
      .updateTable('mensagens')
      .set({ mensagem: REPORT_MSG.messageRemoved, recurso_tipo: null, recurso_id: null })
      .where('id', '=', row.alvo_id)
      .execute();
    return true;
  }
  if (row.tipo === 'ficha') {
    await trx.updateTable('fichas').set({ oculta: 1, updated_at: new Date().toISOString() }).where('id', '=', row.alvo_id).execute();
    return true;
  }
  return false;
}

async function tell(c: Context<AppEnv>, trx: Trx, after: After, row: DenunciasTable, decided: DenunciasTable): Promise<void> {
  const moderator = await loadUser(trx, c.get('user').id);
  const sender = moderator ? toSender(toPublic(moderator)) : null;
  const delivery = { signals: c.get('signals'), after };
  await notify(
    trx,
    {
      userId: row.denunciante_id,
      tipo: 'denunciaAnalisada',
      mensagem: REPORT_MSG.reviewed,
      counter: 'newNotification',
      sender,
      recurso: { tipo: 'denuncia', id: row.id },
    },
    delivery,
  );
  // The reported user hears of a report only once it was upheld (content removed or account suspended).
  if (decided.estado === 'concluida' && decided.accao !== 'ignorar' && row.denunciado_id && row.denunciado_id !== row.denunciante_id) {
    await notify(
      trx,
      {
        userId: row.denunciado_id,
        tipo: 'denunciaContra',
        mensagem: REPORT_MSG.reportAgainst,
        counter: 'newReportAgainst',
        sender,
        recurso: { tipo: row.tipo, id: row.alvo_id },
      },
      delivery,
    );
  }
}

/** PATCH /api/client/moderador/denuncias/{id} {estado, accao?, dias?} → {denuncia}. */
export async function decideReport(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const body = await readJson(c, DecideReportRequestSchema);
  if (!body.ok) return body.response;
  const { estado, accao, dias } = body.data;
  if (estado === 'concluida' && !accao) return jsonError(c, 400, REPORT_MSG.actionRequired);
  if (estado === 'concluida' && accao === 'suspender' && (dias === undefined || dias < 1 || dias > SUSPENSION_MAX_DAYS)) {
    return jsonError(c, 400, REPORT_MSG.suspensionDays);
  }
  const me = c.get('user');
  return idempotent(c, async (trx, after) => {
    const rtrx = trxWithReports(trx);
    const row = await rtrx.selectFrom('denuncias').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return refuse(404, MSG.notFound);
    if (row.estado === 'concluida' || row.estado === 'cancelada') return refuse(409, REPORT_MSG.alreadyDecided);
    const now = new Date();
    const decided: DenunciasTable = { ...row, estado, moderador_id: me.id, updated_at: now.toISOString() };
    if (estado === 'concluida' && accao) {
      decided.accao = accao;
      if (accao === 'remover' && !(await removeContent(trx, row))) return refuse(400, REPORT_MSG.cannotRemoveUser);
      if (accao === 'suspender') {
        if (!row.denunciado_id) return refuse(404, MSG.notFound);
        const ate = new Date(now.getTime() + (dias ?? 1) * DAY_MS).toISOString();
        decided.suspenso_ate = ate;
        const current = await rtrx.selectFrom('suspensoes').select('ate').where('usuario_id', '=', row.denunciado_id).executeTakeFirst();
        // A longer suspension already in force is kept.
        const until = current && current.ate > ate ? current.ate : ate;
        await rtrx
          .insertInto('suspensoes')
          .values({ usuario_id: row.denunciado_id, ate: until, denuncia_id: row.id, created_at: now.toISOString() })
          .onConflict((conflict) => conflict.column('usuario_id').doUpdateSet({ ate: until, denuncia_id: row.id }))
          .execute();
      }
    }
    // emCurso again by the same or another moderator changes only who is analysing it.
    await rtrx
      .updateTable('denuncias')
      .set({ estado: decided.estado, accao: decided.accao, suspenso_ate: decided.suspenso_ate, moderador_id: me.id, updated_at: decided.updated_at })
      .where('id', '=', row.id)
      .execute();
    if (estado !== 'emCurso') await tell(c, trx, after, row, decided);
    if (decided.accao === 'suspender') {
      const db = c.get('db');
      after(async () => forgetSuspensions(db));
    }
    return ok(ReportResponseSchema, { denuncia: (await toDenuncias(trx, [decided]))[0]! });
  });
}

/** GET /api/client/moderador/grupos/{grupoId} → the group (membros counts the creator too), its reports and the reported messages (nothing else of it). */
export async function moderatorGroup(c: Context<AppEnv>): Promise<Response> {
  const grupoId = c.req.param('grupoId');
  if (!isId(grupoId)) return jsonError(c, 404, MSG.notFound);
  const db = c.get('db');
  const grupo = await db.selectFrom('grupos').select(['id', 'nome', 'privado']).where('id', '=', grupoId).executeTakeFirst();
  if (!grupo) return jsonError(c, 404, MSG.notFound);
  const membros = await db
    .selectFrom('grupo_membros')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('grupo_id', '=', grupoId)
    .executeTakeFirst();
  const rows = await groupReports(withReports(db), grupoId);
  const ids = [...new Set(rows.map((r) => r.alvo_id))];
  const messageRows = ids.length
    ? await db.selectFrom('mensagens').selectAll().where('id', 'in', ids).where('chat_id', '=', grupoId).orderBy('seq', 'asc').execute()
    : [];
  return answer(c, ModeratorGroupResponseSchema, {
    grupo: { id: grupo.id, nome: grupo.nome, privado: grupo.privado === 1, membros: Number(membros?.n ?? 0) + 1 },
    denuncias: await toDenuncias(db, rows),
    mensagens: await toMessages(db, messageRows),
  });
}

/** Registers the report calls (docs/api/social.md "Reports"). */
export function mountReportRoutes(app: Hono<AppEnv>): void {
  const s = requireSession;
  app.post(`${COMMON}/denuncias`, s, createReport);
  app.get(`${MOD}/denuncias`, s, requireModerator, listReports);
  app.get(`${MOD}/denuncias/:id`, s, requireModerator, getReport);
  app.patch(`${MOD}/denuncias/:id`, s, requireModerator, decideReport);
  app.get(`${MOD}/grupos/:grupoId`, s, requireModerator, moderatorGroup);
}
