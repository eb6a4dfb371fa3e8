import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { readUpcomingEvents } from '../db/events.ts';
import type { StoredEvent } from '../db/types.ts';
import type { StoredEventDetail } from '../db/mirror-types.ts';
import { UPCOMING_EVENTS } from '../sync/resource-keys.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import type { MarketChoice } from '../../contract/schemas/events.ts';
import type { PriceOf, TipPick } from '../../contract/slip-import/types.ts';
import { liveAtom } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';

// The tip importer's data (routes/SlipImport.tsx): the fixtures the phone knows and their markets, read from the
// store so that a tip pasted with no signal is matched all the same (docs/decisions.md "Importing a tip").

/** How many stored upcoming events the importer looks through: every one the phone has, in practice. */
const FIXTURES_READ = 2000;

export interface ImportData {
  events: StoredEvent[];
  details: Map<string, StoredEventDetail>;
  /** When the fixtures were last brought from the server (0: never), and why the last try failed. */
  refreshedAt: number;
  error: string | null;
}

export const importDataAtom = liveAtom(async (): Promise<ImportData> => {
  const [events, details, meta] = await Promise.all([
    readUpcomingEvents(db, Date.now(), FIXTURES_READ),
    db.eventDetails.toArray(),
    db.syncMeta.get(UPCOMING_EVENTS),
  ]);
  return { events, details: new Map(details.map((detail) => [detail.id, detail])), refreshedAt: meta?.refreshedAt ?? 0, error: meta?.error ?? null };
});

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
  const event = data.events.find((item) => item.id === eventId);
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

/** What was pasted or shared, kept on the phone so that leaving the screen (or the app) loses nothing. */
const storedTipAtom = liveAtom(() => db.kv.get('tipImport'));
export const tipImportAtom = atom((get) => {
  const record = get(storedTipAtom);
  return typeof record === 'symbol' ? null : record?.key === 'tipImport' ? record.value : { text: '', chosen: {} };
});

export const saveTipImportAtom = atom(null, (_get, _set, value: { text: string; chosen: Record<string, string | null> }) =>
  db.kv.put({ key: 'tipImport', value }),
);

/** Online: the upcoming fixtures when the stored list is old, and the markets of the fixtures a tip names. */
export const refreshImportFixturesAtom = atom(null, async (_get, _set, eventIds: readonly string[]) => {
  const sync = await loadSync();
  await sync.refreshUpcomingEvents(db);
  for (const id of eventIds) await sync.refreshEventDetail(db, id, { maxAgeMs: REFRESH_LISTS_MS });
});
