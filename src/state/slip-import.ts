import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import { readUpcomingEvents } from '../db/events.ts';
import type { StoredEvent } from '../db/types.ts';
import type { StoredEventDetail } from '../db/mirror-types.ts';
import { UPCOMING_EVENTS } from '../sync/resource-keys.ts';
import { REFRESH_LISTS_MS, TIP_TEXT_MAX } from '../../contract/limits.ts';
import type { MarketChoice } from '../../contract/schemas/events.ts';
import type { PriceOf, TipPick } from '../../contract/slip-import/types.ts';
import { cachedAtom, liveAtom, PENDING, type Pending } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';

// The tip importer's data (routes/SlipImport.tsx): the fixtures the phone knows and their markets, read from the
// store so that a tip pasted with no signal is matched all the same (docs/decisions.md "Importing a tip").

/** How many stored upcoming events the importer looks through: every one the phone has, in practice. */
const FIXTURES_READ = 2000;

export interface ImportData {
  events: StoredEvent[];
  /** The same events by id. */
  byId: Map<string, StoredEvent>;
  details: Map<string, StoredEventDetail>;
  /** When the fixtures were last brought from the server (0: never), and why the last try failed. */
  refreshedAt: number;
  error: string | null;
}

/** The stored upcoming events and when they were brought: what every leg is matched against. */
export const importFixturesAtom = liveAtom(async (): Promise<Omit<ImportData, 'details' | 'byId'>> => {
  const [events, meta] = await Promise.all([readUpcomingEvents(db, Date.now(), FIXTURES_READ), db.syncMeta.get(UPCOMING_EVENTS)]);
  return { events, refreshedAt: meta?.refreshedAt ?? 0, error: meta?.error ?? null };
});

const detailAtoms = new Map<string, Atom<Map<string, StoredEventDetail> | Pending>>();

/** The stored markets of the fixtures a tip names (ids joined by commas): only those, so a write elsewhere costs nothing. */
export function importDetailsAtom(ids: string): Atom<Map<string, StoredEventDetail> | Pending> {
  return cachedAtom(detailAtoms, ids, () =>
    liveAtom(async () => {
      const rows = ids ? await db.eventDetails.bulkGet(ids.split(',')) : [];
      return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
    }),
  );
}

/**
 * Our price of a pick, as the phone knows it: from the event's markets when they are stored (its page was opened, or
 * the importer brought them), else the full-time result from the list's main odds; undefined when the phone has not
 * got that market.
 */
export function choiceOf(data: ImportData, eventId: string, pick: TipPick): MarketChoice | null | undefined {
  const detail = data.details.get(eventId);
  if (detail) {
    const choice = detail.data.mercados.find((market) => market.type === pick.type)?.choices.find((item) => item.choice === pick.choice);
    return choice ?? null;
  }
  if (pick.type !== 'ft_result') return undefined;
  const event = data.byId.get(eventId);
  const side = pick.choice as 'home' | 'draw' | 'away';
  if (!event || !(side in event.odds)) return event ? null : undefined;
  // The list carries no trend: shown as the odds are, without an arrow of change.
  return { type: 'ft_result', choice: side, odds: event.odds[side], probability: event.probability[side], oddsTrend: 'up', probabilityTrend: 'up' };
}

export function priceOf(data: ImportData): PriceOf {
  return (eventId, pick) => {
    const choice = choiceOf(data, eventId, pick);
    return choice === undefined ? undefined : (choice?.odds ?? null);
  };
}

/** What was pasted or shared, and the fixture picked per ambiguous leg (a fixture id, null for none of them). */
export interface TipImportValue {
  text: string;
  chosen: Record<string, string | null>;
}

const EMPTY_TIP: TipImportValue = { text: '', chosen: {} };
/** Picks kept at most: a tip has at most a hundred legs. */
const CHOSEN_MAX = 200;

/** A stored record that does not look right (an old version, a corrupt store) starts empty rather than crash. */
export function readTipImport(value: unknown): TipImportValue {
  if (!value || typeof value !== 'object') return EMPTY_TIP;
  const candidate = value as { text?: unknown; chosen?: unknown };
  const text = typeof candidate.text === 'string' ? candidate.text.slice(0, TIP_TEXT_MAX) : '';
  const chosen: Record<string, string | null> = {};
  if (candidate.chosen && typeof candidate.chosen === 'object' && !Array.isArray(candidate.chosen)) {
    for (const [key, pick] of Object.entries(candidate.chosen).slice(0, CHOSEN_MAX)) if (typeof pick === 'string' || pick === null) chosen[key] = pick;
  }
  return { text, chosen };
}

/** Kept on the phone, so that leaving the screen (or the app) loses nothing; null until the store has answered. */
const storedTipAtom = liveAtom(() => db.kv.get('tipImport'));
export const tipImportAtom = atom((get): TipImportValue | null => {
  const record = get(storedTipAtom);
  return record === PENDING ? null : readTipImport(record?.key === 'tipImport' ? record.value : null);
});

export const saveTipImportAtom = atom(null, (_get, _set, value: TipImportValue) => db.kv.put({ key: 'tipImport', value }));

/** Online: the upcoming fixtures when the stored list is old, and the markets of the fixtures a tip names. */
export const refreshImportFixturesAtom = atom(null, async (_get, _set, eventIds: readonly string[]) => {
  const sync = await loadSync();
  await sync.refreshUpcomingEvents(db);
  for (const id of eventIds) await sync.refreshEventDetail(db, id, { maxAgeMs: REFRESH_LISTS_MS });
});
