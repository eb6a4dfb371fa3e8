import type { Context, Hono } from 'hono';
import { MSG } from '../../contract/messages.ts';
import { SlipFilterSchema, SlipListResponseSchema, SlipResponseSchema } from '../../contract/schemas/slips.ts';
import type { AppEnv } from '../hono-env.ts';
import { getSessionUser, requireSession } from '../auth/session.ts';
import type { Db } from '../db/create-db.ts';
import { LIST, nextListPlace } from '../db/list-place.ts';
import type { FichasTable } from '../db/schema.ts';
import { idempotent, ok, refuse, type Outcome, type Trx } from '../idempotency/idempotent.ts';
import { answer } from '../lib/answer.ts';
import { jsonError } from '../lib/http.ts';
import { isId, readPage, readQuery, type Page } from '../social/shared/request.ts';
import { mountCommentRoutes } from './comments.ts';
import { createSlipRoute } from './create-slip.ts';
import { canView, loadFicha, loadFichas } from './slip-view.ts';
import { addSelectionRoute } from './tips.ts';
import { z } from 'zod';

const MINE = '/api/client/apostador/fichas';

async function ownSlipIds(db: Db, userId: string, hidden: boolean, page: Page): Promise<string[]> {
  const rows = await db
    .selectFrom('fichas')
    .select('id')
    .where('usuario_id', '=', userId)
    .where('oculta', '=', hidden ? 1 : 0)
    .orderBy('seq', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return rows.map((row) => row.id);
}

/** Slips the user saved, newest save first; a slip its owner hid since is no longer listed. */
async function savedSlipIds(db: Db, userId: string, page: Page): Promise<string[]> {
  const rows = await db
    .selectFrom('fichas_guardadas')
    .innerJoin('fichas', 'fichas.id', 'fichas_guardadas.ficha_id')
    .select('fichas.id')
    .where('fichas_guardadas.usuario_id', '=', userId)
    .where('fichas.oculta', '=', 0)
    .orderBy('fichas_guardadas.seq', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return rows.map((row) => row.id);
}

async function findSlip(q: Db | Trx, id: string): Promise<FichasTable | undefined> {
  return q.selectFrom('fichas').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Publish or hide one of the user's own slips. */
function setHidden(c: Context<AppEnv>, hidden: boolean): Promise<Response> {
  const id = c.req.param('id');
  return idempotent(c, async (trx): Promise<Outcome> => {
    const slip = isId(id) ? await findSlip(trx, id) : undefined;
    if (!slip) return refuse(404, MSG.notFound);
    const userId = c.get('user').id;
    if (slip.usuario_id !== userId) return refuse(403, MSG.forbidden);
    await trx
      .updateTable('fichas')
      .set({ oculta: hidden ? 1 : 0, updated_at: new Date().toISOString() })
      .where('id', '=', slip.id)
      .execute();
    const ficha = await loadFicha(trx, slip.id, userId);
    if (!ficha) return refuse(404, MSG.notFound);
    return ok(SlipResponseSchema, { message: hidden ? MSG.slipHidden : MSG.slipPublished, ficha });
  });
}

/** Save or unsave another user's published slip. */
function setSaved(c: Context<AppEnv>, saved: boolean): Promise<Response> {
  const id = c.req.param('id');
  return idempotent(c, async (trx): Promise<Outcome> => {
    const userId = c.get('user').id;
    const slip = isId(id) ? await findSlip(trx, id) : undefined;
    // A hidden slip is as good as absent to anybody but its owner.
    if (!slip || !canView(slip, userId)) return refuse(404, MSG.notFound);
    if (slip.usuario_id === userId) return refuse(400, MSG.slipSaveOwn);
    if (saved) {
      const { seq, createdAt } = await nextListPlace(trx, LIST.saved(userId), new Date());
      await trx
        .insertInto('fichas_guardadas')
        .values({ usuario_id: userId, ficha_id: slip.id, created_at: createdAt, seq })
        .onConflict((oc) => oc.columns(['usuario_id', 'ficha_id']).doNothing())
        .execute();
    } else {
      await trx.deleteFrom('fichas_guardadas').where('usuario_id', '=', userId).where('ficha_id', '=', slip.id).execute();
    }
    const ficha = await loadFicha(trx, slip.id, userId);
    if (!ficha) return refuse(404, MSG.notFound);
    return ok(SlipResponseSchema, { message: saved ? MSG.slipSaved : MSG.slipUnsaved, ficha });
  });
}

const FilterQuerySchema = z.object({ filtro: SlipFilterSchema.optional().default('criadas') });

export function mountSlipRoutes(app: Hono<AppEnv>): void {
  app.post(`${MINE}/criarFicha`, requireSession, createSlipRoute);
  app.post(`${MINE}/addSelection`, requireSession, addSelectionRoute);

  app.get(MINE, requireSession, async (c) => {
    const query = readQuery(c, FilterQuerySchema);
    if (!query.ok) return query.response;
    const page = readPage(c);
    if (!page.ok) return page.response;
    const db = c.get('db');
    const userId = c.get('user').id;
    const filtro = query.data.filtro;
    const ids =
      filtro === 'guardadas' ? await savedSlipIds(db, userId, page.data) : await ownSlipIds(db, userId, filtro === 'ocultas', page.data);
    return answer(c, SlipListResponseSchema, { fichas: await loadFichas(db, ids, userId) });
  });

  app.get('/api/client/common/guardadas', requireSession, async (c) => {
    const page = readPage(c);
    if (!page.ok) return page.response;
    const db = c.get('db');
    const userId = c.get('user').id;
    return answer(c, SlipListResponseSchema, { fichas: await loadFichas(db, await savedSlipIds(db, userId, page.data), userId) });
  });

  app.get(`${MINE}/:id`, requireSession, async (c) => {
    const id = c.req.param('id');
    const db = c.get('db');
    const slip = isId(id) ? await findSlip(db, id) : undefined;
    if (!slip) return jsonError(c, 404, MSG.notFound);
    const userId = c.get('user').id;
    if (slip.usuario_id !== userId) return jsonError(c, 403, MSG.forbidden);
    const ficha = await loadFicha(db, id, userId);
    if (!ficha) return jsonError(c, 404, MSG.notFound);
    return answer(c, SlipResponseSchema, { ficha });
  });

  app.patch(`${MINE}/:id/publicar`, requireSession, (c) => setHidden(c, false));
  app.patch(`${MINE}/:id/ocultar`, requireSession, (c) => setHidden(c, true));
  app.post(`${MINE}/:id/guardar`, requireSession, (c) => setSaved(c, true));
  app.delete(`${MINE}/:id/guardar`, requireSession, (c) => setSaved(c, false));

  /** /[nomeUsuario]/fichas/[fichaId]: anybody sees a published slip; a hidden one only its owner. */
  app.get('/api/client/public/fichas/:nomeUsuario/:fichaId', async (c) => {
    const id = c.req.param('fichaId');
    const db = c.get('db');
    const slip = isId(id)
      ? await db
          .selectFrom('fichas')
          .innerJoin('usuarios', 'usuarios.id', 'fichas.usuario_id')
          .selectAll('fichas')
          .where('fichas.id', '=', id)
          .where('usuarios.nome_usuario', '=', c.req.param('nomeUsuario').toLowerCase())
          .executeTakeFirst()
      : undefined;
    const viewer = await getSessionUser(c);
    if (!slip || !canView(slip, viewer?.id ?? null)) return jsonError(c, 404, MSG.notFound);
    const ficha = await loadFicha(db, id, viewer?.id ?? null);
    if (!ficha) return jsonError(c, 404, MSG.notFound);
    return answer(c, SlipResponseSchema, { ficha });
  });

  /**
   * (added) A slip by its id alone, for a signed-in viewer who may see it: its owner always, anybody else while it is
   * published. A shared slip reaches a chat as `recurso {tipo:'ficha', id}` without its author's handle.
   */
  app.get('/api/client/common/fichas/:id', requireSession, async (c) => {
    const id = c.req.param('id');
    const db = c.get('db');
    const slip = isId(id) ? await findSlip(db, id) : undefined;
    const userId = c.get('user').id;
    if (!slip || !canView(slip, userId)) return jsonError(c, 404, MSG.notFound);
    const ficha = await loadFicha(db, id, userId);
    if (!ficha) return jsonError(c, 404, MSG.notFound);
    return answer(c, SlipResponseSchema, { ficha });
  });

  mountCommentRoutes(app);
}
