import type { Hono } from 'hono';
import { COMMENT_MAX } from '../../contract/limits.ts';
import { MSG } from '../../contract/messages.ts';
import { CommentListResponseSchema, CommentRequestSchema, CommentResponseSchema, type Comentario } from '../../contract/schemas/slips.ts';
import type { AppEnv } from '../hono-env.ts';
import { requireSession } from '../auth/session.ts';
import type { Kysely } from 'kysely';
import { LIST, nextListPlace } from '../db/list-place.ts';
import type { Database, FichaComentariosTable } from '../db/schema.ts';
import { idempotent, ok, refuse } from '../idempotency/idempotent.ts';
import { newId } from '../lib/ids.ts';
import { answer } from '../lib/answer.ts';
import { jsonError } from '../lib/http.ts';
import { notify } from '../notify/notify.ts';
import { isId, readJson, readMessagePage } from '../social/shared/request.ts';
import { loadUsers, missingUser, toSender } from '../social/shared/users.ts';
import { canView } from './slip-view.ts';

const PATH = '/api/client/common/fichas/:id/comentarios';

function findSlip(q: Kysely<Database>, id: string) {
  return q.selectFrom('fichas').select(['id', 'usuario_id', 'oculta']).where('id', '=', id).executeTakeFirst();
}

async function toComentarios(db: Parameters<typeof loadUsers>[0], rows: readonly FichaComentariosTable[]): Promise<Comentario[]> {
  const users = await loadUsers(db, rows.map((row) => row.usuario_id));
  return rows.map((row) => ({
    id: row.id,
    fichaId: row.ficha_id,
    usuario: toSender(users.get(row.usuario_id) ?? missingUser(row.usuario_id)),
    texto: row.texto,
    createdAt: row.created_at,
  }));
}

/** Comments on a slip: whoever can see the slip reads them (newest first) and can add one of 1 to 500 characters. */
export function mountCommentRoutes(app: Hono<AppEnv>): void {
  app.get(PATH, requireSession, async (c) => {
    const id = c.req.param('id');
    const db = c.get('db');
    const slip = isId(id) ? await findSlip(db, id) : undefined;
    if (!slip || !canView(slip, c.get('user').id)) return jsonError(c, 404, MSG.notFound);
    const page = readMessagePage(c);
    if (!page.ok) return page.response;
    let query = db.selectFrom('ficha_comentarios').selectAll().where('ficha_id', '=', id);
    if (page.data.before) {
      const before = page.data.before;
      const cursor = isId(before)
        ? await db
            .selectFrom('ficha_comentarios')
            .select('seq')
            .where('id', '=', before)
            .where('ficha_id', '=', id)
            .executeTakeFirst()
        : undefined;
      if (!cursor) return jsonError(c, 400, MSG.invalidRequest);
      // Keyset paging on the comment's place in the slip's list: stable while new comments arrive.
      query = query.where('seq', '<', cursor.seq);
    }
    const rows = await query
      .orderBy('seq', 'desc')
      .limit(page.data.size + 1)
      .offset(page.data.offset)
      .execute();
    const more = rows.length > page.data.size;
    const pageRows = rows.slice(0, page.data.size);
    return answer(c, CommentListResponseSchema, {
      comentarios: await toComentarios(db, pageRows),
      nextBefore: more ? (pageRows.at(-1)?.id ?? null) : null,
    });
  });

  app.post(PATH, requireSession, async (c) => {
    const id = c.req.param('id');
    const body = await readJson(c, CommentRequestSchema);
    if (!body.ok) return body.response;
    const texto = body.data.texto.trim();
    return idempotent(c, async (trx, after) => {
      const user = c.get('user');
      const slip = isId(id) ? await findSlip(trx, id) : undefined;
      if (!slip || !canView(slip, user.id)) return refuse(404, MSG.notFound);
      if (texto.length < 1 || texto.length > COMMENT_MAX) return refuse(400, MSG.commentLength);
      const { seq, createdAt } = await nextListPlace(trx, LIST.comments(slip.id), new Date());
      const row: FichaComentariosTable = {
        id: newId(),
        ficha_id: slip.id,
        usuario_id: user.id,
        texto,
        created_at: createdAt,
        seq,
      };
      await trx.insertInto('ficha_comentarios').values(row).execute();
      const [comentario] = await toComentarios(trx, [row]);
      if (!comentario) return refuse(500, MSG.generic);
      if (slip.usuario_id !== user.id) {
        await notify(
          trx,
          {
            userId: slip.usuario_id,
            tipo: 'comentario',
            mensagem: MSG.slipCommented,
            counter: 'newNotification',
            sender: comentario.usuario,
            recurso: { tipo: 'ficha', id: slip.id },
          },
          { signals: c.get('signals'), after },
        );
      }
      return ok(CommentResponseSchema, { comentario }, 201);
    });
  });
}
