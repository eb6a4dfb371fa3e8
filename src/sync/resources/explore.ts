import type { AppDb } from '../../db/app-db.ts';
import { fetchCommunity, fetchCompetitions, fetchExploreBets, fetchExploreSlips, requestTip } from '../../api/explore.ts';
import { SubscriptionErrorSchema, type DateOption, type Ficha, type Selection } from '../../../contract/schemas/slips.ts';
import type { ExploreSelection } from '../../../contract/schemas/explore.ts';
import { MSG } from '../../../contract/messages.ts';
import { PAGE_SIZE, REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import type { ExploreRequest } from '../../lib/explore-filters.ts';
import type { TipAnswer } from '../../lib/tip-generator.ts';
import { isStale, markFailed, markRefreshed } from '../freshness.ts';
import { slipRow } from './slips.ts';
import { COMPETITIONS_QUERY, exploreMetaKey } from '../resource-keys.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { readMirrorOwner } from '../../db/session-record.ts';

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
      await storeSlips(tx, fichas, options.selfId);
      const before = await tx.queries.get(request.key);
      const ids = withLoadedTail(fichas.map((ficha) => ficha.id), before?.ids ?? [], (id) => id);
      await tx.queries.put({ key: request.key, ids, refreshedAt: Date.now() });
      await markRefreshed(tx, resource);
    });
    return stored ? 'loaded' : 'error';
  }
  const result = request.kind === 'apostas' ? await fetchExploreBets(request.params, 1, PAGE_SIZE) : await fetchCommunity(1, PAGE_SIZE);
  if (result.kind !== 'ok') return failed(db, owner, resource, result.message);
  const stored = await writeForOwner(db, owner, async (tx) => {
    const before = await tx.queries.get(request.key);
    const results =
      'selecoes' in result.data
        ? { tips: withLoadedTail(result.data.selecoes, before?.tips ?? [], tipId) }
        : { users: withLoadedTail(result.data.usuarios, before?.users ?? [], (user) => user.id) };
    await tx.queries.put({ key: request.key, ids: [], ...results, refreshedAt: Date.now() });
    await markRefreshed(tx, resource);
  });
  return stored ? 'loaded' : 'error';
}

type Tables = Parameters<Parameters<typeof writeForOwner>[2]>[0];

/** A tip's identity in a list: its event and its pick. */
const tipId = (tip: ExploreSelection) => `${tip.event_id}:${tip.event_selection.type}:${tip.event_selection.choice}`;

/**
 * The refreshed first page, then what later pages had added (SPEC §4 Lists: the reader scrolled for them), so the
 * 30 s refresh does not cut a list the reader is scrolling back to one page.
 */
function withLoadedTail<T>(first: T[], before: T[], idOf: (item: T) => string): T[] {
  if (before.length <= PAGE_SIZE) return first;
  const seen = new Set(first.map(idOf));
  return [...first, ...before.slice(PAGE_SIZE).filter((item) => !seen.has(idOf(item)))];
}

async function storeSlips(tx: Tables, fichas: Ficha[], selfId: string | null): Promise<void> {
  // A slip of mine keeps its own lists; others' published slips are stored for their public view. A row with a
  // change still on its way (publish, hide, save) keeps its optimistic state until the outbox settles it.
  const held = await tx.slips.bulkGet(fichas.map((ficha) => ficha.id));
  const waiting = new Set(held.filter((row) => row?.pendingMutationId != null).map((row) => row?.id));
  await tx.slips.bulkPut(fichas.filter((ficha) => !waiting.has(ficha.id)).map((ficha) => slipRow(ficha, selfId ?? '')));
}

export type ExploreMore = { kind: 'loaded'; received: number } | { kind: 'error'; message: string };

/**
 * The next page of an Explore search (SPEC §4 Lists), added after what the stored list holds. `received` is how many
 * the server sent: fewer than a page means there are no more.
 */
export async function loadMoreExplore(db: AppDb, request: ExploreRequest, options: { pageNumber: number; selfId: string | null }): Promise<ExploreMore> {
  const owner = await readMirrorOwner(db);
  const { pageNumber } = options;
  const result =
    request.kind === 'fichas'
      ? await fetchExploreSlips(request.params, pageNumber, PAGE_SIZE)
      : request.kind === 'apostas'
        ? await fetchExploreBets(request.params, pageNumber, PAGE_SIZE)
        : await fetchCommunity(pageNumber, PAGE_SIZE);
  if (result.kind !== 'ok') return { kind: 'error', message: result.message };
  const data = result.data;
  const append = <T>(held: T[], more: T[], idOf: (item: T) => string) => {
    const seen = new Set(held.map(idOf));
    return [...held, ...more.filter((item) => !seen.has(idOf(item)))];
  };
  const stored = await writeForOwner(db, owner, async (tx) => {
    const before = await tx.queries.get(request.key);
    const row = before ?? { key: request.key, ids: [], refreshedAt: Date.now() };
    if ('fichas' in data) {
      await storeSlips(tx, data.fichas, options.selfId);
      await tx.queries.put({ ...row, ids: append(row.ids, data.fichas.map((ficha) => ficha.id), (id) => id) });
    } else if ('selecoes' in data) {
      await tx.queries.put({ ...row, tips: append(row.tips ?? [], data.selecoes, tipId) });
    } else {
      await tx.queries.put({ ...row, users: append(row.users ?? [], data.usuarios, (user) => user.id) });
    }
  });
  if (!stored) return { kind: 'error', message: MSG.generic };
  return { kind: 'loaded', received: 'fichas' in data ? data.fichas.length : 'selecoes' in data ? data.selecoes.length : data.usuarios.length };
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
