import type { Hono } from 'hono';
import { MSG } from '../../contract/messages.ts';
import {
  CommunityResponseSchema,
  CompetitionsResponseSchema,
  ExploreBetsQuerySchema,
  ExploreBetsResponseSchema,
  ExploreSlipsQuerySchema,
  ExploreSlipsResponseSchema,
  EXPLORE_DEFAULTS,
  PRIVILEGED_CATEGORY,
} from '../../contract/schemas/explore.ts';
import type { AppEnv } from '../hono-env.ts';
import { getSessionUser } from '../auth/session.ts';
import type { Db } from '../db/create-db.ts';
import { answer } from '../lib/answer.ts';
import { jsonError } from '../lib/http.ts';
import { readPage, readQuery } from '../social/shared/request.ts';
import { loadFichas } from '../slips/slip-view.ts';
import { exploreTips } from './bet-modes.ts';
import { communityPage } from './community.ts';
import { categorySlipIds } from './slip-categories.ts';

// The Explore page's calls (SPEC §2, §5; docs/api/explore.md). All public reads: no session needed, except the
// privileged slip category.

const BASE = '/api/client/public/explorar';

/** The official and the privileged account (SPEC §6), read from the database rather than a possibly older session. */
async function isPrivileged(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('usuarios').select('conta').where('id', '=', userId).executeTakeFirst();
  return row?.conta === 'oficial' || row?.conta === 'privilegiada';
}

export function mountExploreRoutes(app: Hono<AppEnv>): void {
  app.get(`${BASE}/apostas`, async (c) => {
    const query = readQuery(c, ExploreBetsQuerySchema);
    if (!query.ok) return query.response;
    const page = readPage(c);
    if (!page.ok) return page.response;
    const selecoes = await exploreTips(c.get('db'), query.data, page.data, new Date());
    return answer(c, ExploreBetsResponseSchema, { selecoes });
  });

  app.get(`${BASE}/fichas`, async (c) => {
    const query = readQuery(c, ExploreSlipsQuerySchema);
    if (!query.ok) return query.response;
    const page = readPage(c);
    if (!page.ok) return page.response;
    const db = c.get('db');
    const viewer = await getSessionUser(c);
    const privileged = viewer ? await isPrivileged(db, viewer.id) : false;
    const categoria =
      query.data.fichaCategoria ?? (privileged ? EXPLORE_DEFAULTS.privilegedFichaCategoria : EXPLORE_DEFAULTS.fichaCategoria);
    if (categoria === PRIVILEGED_CATEGORY && !privileged) return jsonError(c, 403, MSG.forbidden);
    const ids = await categorySlipIds(db, categoria, page.data, new Date());
    return answer(c, ExploreSlipsResponseSchema, { fichas: await loadFichas(db, ids, viewer?.id ?? null) });
  });

  app.get(`${BASE}/comunidade`, async (c) => {
    const page = readPage(c);
    if (!page.ok) return page.response;
    return answer(c, CommunityResponseSchema, { usuarios: await communityPage(c.get('db'), page.data, new Date()) });
  });

  app.get('/api/client/public/competicoes', async (c) => {
    const competicoes = await c.get('db').selectFrom('competicoes').select(['id', 'nome', 'pais']).orderBy('nome').orderBy('id').execute();
    return answer(c, CompetitionsResponseSchema, { competicoes });
  });
}
