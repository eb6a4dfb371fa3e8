import { atom, type Atom, type Getter } from 'jotai';
import { db } from '../db/instance.ts';
import type { StoredSlip } from '../db/mirror-types.ts';
import type { SyncMeta } from '../db/types.ts';
import { COMPETITIONS_QUERY, exploreMetaKey } from '../sync/resource-keys.ts';
import type { CommunityUser, Competicao, ExploreSelection } from '../../contract/schemas/explore.ts';
import type { SessionUser } from '../../contract/schemas/auth.ts';
import {
  exploreRequest,
  hasExploreParams,
  parseDateOption,
  parseExploreFilters,
  storableFilters,
  type DateOption,
  type ExploreFilters,
  type ExploreRequest,
} from '../lib/explore-filters.ts';
import { eventDay } from '../lib/format.ts';
import { generateTips, type TipOutcome } from '../lib/tip-generator.ts';
import { isSameChoice } from '../lib/selection.ts';
import { cachedAtom, liveAtom, PENDING, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { slipModels } from './slips.ts';
import type { SlipModel } from './slip-model.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { addToSlipAtom, draftSlipAtom } from './slip-builder.ts';

// The Explore page (SPEC §2): its parameters live in session storage (the URL is cleaned by the screen), its results
// in the phone's store per query.

const FILTERS_KEY = 'explorar:filtros';
const DATE_OPTION_KEY = 'explorar:dateOption';

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage: the filters then last as long as the page.
  }
}

function readStoredFilters(): Partial<Record<string, string>> {
  try {
    const value: unknown = JSON.parse(readSession(FILTERS_KEY) ?? '{}');
    if (!value || typeof value !== 'object') return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The official and the privileged account (SPEC §6): 'tudo' category. */
export function isPrivilegedAccount(user: SessionUser | null): boolean {
  return user?.conta === 'oficial' || user?.conta === 'privilegiada';
}

export const privilegedAtom = atom((get) => isPrivilegedAccount(get(sessionUserAtom)));
/** The generate-multiple-tips count input is only for the privileged account (SPEC §2, §6). */
export const multiTipAtom = atom((get) => get(sessionUserAtom)?.conta === 'privilegiada');

const storedFiltersAtom = atom<Partial<Record<string, string>>>(typeof sessionStorage === 'undefined' ? {} : readStoredFilters());

const angolaToday = () => eventDay(new Date().toISOString());

export const exploreFiltersAtom = atom<ExploreFilters>((get) =>
  parseExploreFilters({ url: new URLSearchParams(), stored: get(storedFiltersAtom) }, { today: angolaToday(), privileged: get(privilegedAtom) }),
);

function keep(set: (value: Partial<Record<string, string>>) => void, filters: ExploreFilters): void {
  const stored = storableFilters(filters);
  writeSession(FILTERS_KEY, JSON.stringify(stored));
  set(stored);
}

/**
 * Reads the Explore parameters of a query string into session storage (URL first, then what was kept, then the
 * defaults). True when the query string had any, so the screen replaces the URL by plain /explorar.
 */
export const absorbExploreParamsAtom = atom(null, (get, set, search: string): boolean => {
  const url = new URLSearchParams(search);
  if (!hasExploreParams(url)) return false;
  const filters = parseExploreFilters({ url, stored: get(storedFiltersAtom) }, { today: angolaToday(), privileged: get(privilegedAtom) });
  keep((value) => set(storedFiltersAtom, value), filters);
  return true;
});

export const setExploreFiltersAtom = atom(null, (get, set, change: Partial<ExploreFilters>) => {
  const next = { ...get(exploreFiltersAtom), ...change };
  const filters = parseExploreFilters({ url: new URLSearchParams(), stored: storableFilters(next) }, { today: angolaToday(), privileged: get(privilegedAtom) });
  keep((value) => set(storedFiltersAtom, value), filters);
});

const storedDateOptionAtom = atom<string | null>(typeof sessionStorage === 'undefined' ? null : readSession(DATE_OPTION_KEY));

/** hoje, 3_dias or semanal (default semanal), kept in session storage (SPEC §5). */
export const dateOptionAtom = atom<DateOption, [DateOption], void>(
  (get) => parseDateOption(get(storedDateOptionAtom)),
  (_get, set, value) => {
    writeSession(DATE_OPTION_KEY, value);
    set(storedDateOptionAtom, value);
  },
);

const tipAtoms = new Map<string, Atom<ExploreSelection[] | undefined | Pending>>();
const userAtoms = new Map<string, Atom<CommunityUser[] | undefined | Pending>>();
const slipQueryAtoms = new Map<string, Atom<SlipModel[] | undefined | Pending>>();
const metaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** The tips of an Explore search as last stored; undefined when this search was never loaded on this phone. */
export function exploreTipsAtom(key: string): Atom<ExploreSelection[] | undefined | Pending> {
  return cachedAtom(tipAtoms, key, () => personalAtom(undefined, () => db.queries.get(key).then((row) => row?.tips)));
}

export function exploreUsersAtom(key: string): Atom<CommunityUser[] | undefined | Pending> {
  return cachedAtom(userAtoms, key, () => personalAtom(undefined, () => db.queries.get(key).then((row) => row?.users)));
}

/** A slip category's slips in the server's order, read from the slips table. */
export function exploreSlipsAtom(key: string): Atom<SlipModel[] | undefined | Pending> {
  return cachedAtom(slipQueryAtoms, key, () =>
    viewAtom(
      personalAtom(undefined, () =>
        db.queries
          .get(key)
          .then((row) => row && db.slips.bulkGet(row.ids).then((slips) => slips.filter((slip): slip is StoredSlip => slip !== undefined))),
      ),
      (rows, get) => rows && slipModels(rows, get),
    ),
  );
}

export function exploreMetaAtom(key: string): Atom<SyncMeta | undefined | Pending> {
  return cachedAtom(metaAtoms, key, () => liveAtom(() => db.syncMeta.get(exploreMetaKey(key))));
}

/**
 * What Explore shows first for the current search (its results and when they were refreshed), for start-up to read
 * ahead of the screen (state/first-reads.ts): the same atoms the screen then follows.
 */
export function exploreFirstReads(get: Getter): Atom<unknown>[] {
  const request = exploreRequest(get(exploreFiltersAtom), get(dateOptionAtom));
  const results = request.kind === 'apostas' ? exploreTipsAtom(request.key) : request.kind === 'fichas' ? exploreSlipsAtom(request.key) : exploreUsersAtom(request.key);
  return [results, exploreMetaAtom(request.key)];
}

export const refreshExploreAtom = atom(null, async (get, _set, input: { request: ExploreRequest; force?: boolean }) =>
  (await loadSync()).refreshExplore(db, input.request, { selfId: get(sessionUserAtom)?.id ?? null, force: input.force }),
);

/** The next page of an Explore search (SPEC §4 Lists); see sync/resources/explore.ts loadMoreExplore. */
export const loadMoreExploreAtom = atom(null, async (get, _set, input: { request: ExploreRequest; pageNumber: number }) =>
  (await loadSync()).loadMoreExplore(db, input.request, { pageNumber: input.pageNumber, selfId: get(sessionUserAtom)?.id ?? null }),
);

const competitionsRowAtom = liveAtom(() => db.queries.get(COMPETITIONS_QUERY));

export const competitionsAtom = atom<Competicao[]>((get) => {
  const row = get(competitionsRowAtom);
  return row === PENDING ? [] : (row?.competitions ?? []);
});

export const refreshCompetitionsAtom = atom(null, async () => (await loadSync()).refreshCompetitions(db));

/**
 * The generate-tip button: asks for `count` tips on events not in the slip yet and adds each (SPEC §4 Lists: up to
 * 10 consecutive failures with a 1 s pause; a subscription problem stops at once).
 */
export const generateTipsAtom = atom(null, async (get, set, input: { count: number }): Promise<TipOutcome> => {
  const sync = await loadSync();
  const dateOption = get(dateOptionAtom);
  return generateTips({
    count: input.count,
    eventIds: get(draftSlipAtom).selections.map((selection) => selection.event_id),
    request: (ids) => sync.askForTip(ids, dateOption),
    add: async (selection) => {
      const next = await set(addToSlipAtom, selection);
      return next.selections.some((held) => isSameChoice(held, selection.event_id, selection.event_selection));
    },
    eventIdOf: (selection) => selection.event_id,
  });
});

const eventMetaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** The event page's last refresh error (its time is the stored event's refreshedAt). */
export function eventMetaAtom(id: string): Atom<SyncMeta | undefined | Pending> {
  return cachedAtom(eventMetaAtoms, id, () => liveAtom(() => db.syncMeta.get(`event:${id}`)));
}
