import type { Hono, MiddlewareHandler } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { LicencaResponseSchema, LicenceDecisionSchema, LicenceRequestListResponseSchema } from '../../contract/schemas/licence.ts';
import type { LicenceChange } from '../../contract/schemas/notification-data.ts';
import type { AppEnv } from '../hono-env.ts';
import { requireSession } from '../auth/session.ts';
import { idempotent, ok, refuse } from '../idempotency/idempotent.ts';
import { answer } from '../lib/answer.ts';
import { jsonError } from '../lib/http.ts';
import { notify } from '../notify/notify.ts';
import { readJson, readPage } from '../social/shared/request.ts';
import { extendLicence, toLicenca, type LicenceRow } from './licence-repo.ts';

const onlyModerators: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('user').role !== 'moderador') return jsonError(c, 403, MSG.forbidden);
  await next();
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Moderators answer activation requests (payment proofs sent by transfer, SPEC §4) and can block a licence. The
 * spec does not show these calls; they close the loop the proof upload opens (docs/api/betting.md).
 */
export function mountLicenceModeratorRoutes(app: Hono<AppEnv>): void {
  app.get('/api/client/moderador/licencas', requireSession, onlyModerators, async (c) => {
    const page = readPage(c);
    if (!page.ok) return page.response;
    const db = c.get('db');
    const rows = await db
      .selectFrom('licencas')
      .innerJoin('usuarios', 'usuarios.id', 'licencas.usuario_id')
      .selectAll('licencas')
      .select('usuarios.nome_usuario')
      .where('licencas.solicitacao', 'is not', null)
      .orderBy('licencas.solicitacao')
      .orderBy('licencas.id')
      .limit(page.data.size)
      .offset(page.data.offset)
      .execute();
    const now = new Date();
    const licencas = rows.map(({ nome_usuario, ...row }) => toLicenca(row, { id: row.usuario_id, nomeUsuario: nome_usuario }, now));
    return answer(c, LicenceRequestListResponseSchema, { licencas });
  });

  app.patch('/api/client/moderador/licencas/:id', requireSession, onlyModerators, async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return jsonError(c, 404, MSG.notFound);
    const body = await readJson(c, LicenceDecisionSchema);
    if (!body.ok) return body.response;
    const decision = body.data;
    return idempotent(c, async (trx, after) => {
      const now = new Date();
      const found = await trx
        .selectFrom('licencas')
        .innerJoin('usuarios', 'usuarios.id', 'licencas.usuario_id')
        .selectAll('licencas')
        .select('usuarios.nome_usuario')
        .where('licencas.id', '=', id)
        .executeTakeFirst();
      if (!found) return refuse(404, MSG.notFound);
      const { nome_usuario, ...row } = found;
      const user = { id: row.usuario_id, nomeUsuario: nome_usuario };
      let updated: LicenceRow = row;
      let mensagem: string;
      let change: LicenceChange;
      switch (decision.accao) {
        case 'aprovar':
          if (!row.solicitacao) return refuse(400, MSG.proofMissing);
          updated = await extendLicence(trx, { userId: row.usuario_id, plan: decision.plano, now });
          mensagem = MSG.licenceApproved;
          change = 'aprovada';
          break;
        case 'rejeitar':
          if (!row.solicitacao) return refuse(400, MSG.proofMissing);
          updated = { ...row, comprovativo: null, solicitacao: null };
          await trx.updateTable('licencas').set({ comprovativo: null, solicitacao: null }).where('id', '=', id).execute();
          mensagem = MSG.licenceRejected;
          change = 'recusada';
          break;
        case 'bloquear':
          updated = { ...row, estado: 'bloqueada' };
          await trx.updateTable('licencas').set({ estado: 'bloqueada' }).where('id', '=', id).execute();
          mensagem = MSG.licenceBlocked;
          change = 'bloqueada';
          break;
        case 'desbloquear':
          if (row.estado !== 'bloqueada') return ok(LicencaResponseSchema, { licenca: toLicenca(row, user, now) });
          // Back to enabled; time still decides whether it reads as expired.
          updated = { ...row, estado: 'habilitada' };
          await trx.updateTable('licencas').set({ estado: 'habilitada' }).where('id', '=', id).execute();
          mensagem = MSG.licenceUnblocked;
          change = 'desbloqueada';
          break;
      }
      await notify(
        trx,
        { userId: row.usuario_id, tipo: 'licenca', mensagem, counter: 'newLicenceNotification', dados: { licenca: change } },
        { signals: c.get('signals'), after },
      );
      return ok(LicencaResponseSchema, { licenca: toLicenca(updated, user, now) });
    });
  });
}
