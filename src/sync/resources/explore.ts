import type { AppDb } from '../../db/app-db.ts';
import { fetchCommunity, fetchCompetitions, fetchExploreBets, fetchExploreSlips, requestTip } from '../../api/explore.ts';
import { SubscriptionErrorSchema, type DateOption, type Selection } from '../../../contract/schemas/slips.ts';
import { PAGE_SIZE, REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import type { ExploreRequest } from '../../lib/explore-filters.ts';
import type { TipAnswer } from '../../lib/tip-generator.ts';
import { isStale, markFailed, markRefreshed } from '../freshness.ts';
import { slipRow } from './slips.ts';
import { COMPETITIONS_QUERY, exploreMetaKey } from '../resources.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { readMirrorOwner } from '../../db/session.ts';

// Explore results are kept per query (DESIGN §3): the `queries` row holds the ordered ids (slips, in `slips`) or the
// results themselves (tips, users), so a filter shows offline what it last showed online.

export async function refreshExplore(
  db: AppDb,
  request: ExploreRequest,
  options: { selfId: string | null; force?: boolean },
): Promise<'fresh' | 'loaded' | 'error'> {
  const resource = exploreMetaKey(request.key);
  if (!options.force && !(await isStale(db, resource, REFRESH_LISTS_MS))) return 'fresh';
  const owner = await readMirrorOwner(db);
  if (request.kind === 'fichas') {
    const result = await fetchExploreSlips(request.params, 1, PAGE_SIZE);
    if (result.kind !== 'ok') return failed(db, owner, resource, result.message);
    const fichas = result.data.fichas;
    // Results carry the viewer's own marks (saved or not): they are written only for whom they were fetched.
    const stored = await writeForOwner(db, owner, async (tx) => {
      // A slip of mine keeps its own lists; others' published slips are stored for their public view. A row with a
      // change still on its way (publish, hide, save) keeps its optimistic state until the outbox settles it.
      const held = await tx.slips.bulkGet(fichas.map((ficha) => ficha.id));
      const waiting = new Set(held.filter((row) => row?.pendingMutationId != null).map((row) => row?.id));
      await tx.slips.bulkPut(fichas.filter((ficha) => !waiting.has(ficha.id)).map((ficha) => slipRow(ficha, options.selfId ?? '')));
      await tx.queries.put({ key: request.key, ids: fichas.map((ficha) => ficha.id), refreshedAt: Date.now() });
      await markRefreshed(tx, resource);
    });
    return stored ? 'loaded' : 'error';
  }
  const result = request.kind === 'apostas' ? await fetchExploreBets(request.params, 1, PAGE_SIZE) : await fetchCommunity(1, PAGE_SIZE);
  if (result.kind !== 'ok') return failed(db, owner, resource, result.message);
  const results = 'selecoes' in result.data ? { tips: result.data.selecoes } : { users: result.data.usuarios };
  const stored = await writeForOwner(db, owner, async (tx) => {
    await tx.queries.put({ key: request.key, ids: [], ...results, refreshedAt: Date.now() });
    await markRefreshed(tx, resource);
  });
  return stored ? 'loaded' : 'error';
}

async function failed(db: AppDb, owner: string | null, resource: string, message: string): Promise<'error'> {
  await writeForOwner(db, owner, (tx) => markFailed(tx, resource, message));
  return 'error';
}

/** The competition filter's choices; they change rarely, so a day-old copy is fine. */
export async function refreshCompetitions(db: AppDb): Promise<void> {
  const stored = await db.queries.get(COMPETITIONS_QUERY);
  if (stored && Date.now() - stored.refreshedAt < 86_400_000) return;
  const result = await fetchCompetitions();
  if (result.kind === 'ok') await db.queries.put({ key: COMPETITIONS_QUERY, ids: [], competitions: result.data.competicoes, refreshedAt: Date.now() });
}

/** One tip for the generator, told apart as the loop needs it (lib/tip-generator.ts). */
export async function askForTip(ids: string[], dateOption: DateOption): Promise<TipAnswer<Selection>> {
  const result = await requestTip(ids, dateOption);
  if (result.kind === 'ok') return { kind: 'tip', selection: result.data.selection };
  if (result.kind === 'http') {
    if (SubscriptionErrorSchema.safeParse(result.body).success) return { kind: 'subscription', message: result.message };
    if (result.status >= 400 && result.status < 500 && result.status !== 408 && result.status !== 429) return { kind: 'refused', message: result.message };
  }
  return { kind: 'failed', message: result.message };
}
