import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db.ts';
import { MATCH_WINDOW_MS, readUpcomingEvents } from '../../../src/db/events.ts';
import type { StoredEvent } from '../../../src/db/types.ts';

// The next matches as the phone lists them (Explore "Próximos jogos"): bounded at now, so a store last refreshed long
// ago (offline) does not show matches that are over as upcoming.

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

const event = (id: string, date: string, status: string): StoredEvent => ({
  id,
  date,
  status,
  competition_id: 'girabola',
  competition_name: 'Girabola',
  home_id: 'petro',
  home_name: 'Petro de Luanda',
  home_position: null,
  away_id: 'agosto',
  away_name: '1º de Agosto',
  away_position: null,
  home_goals: null,
  away_goals: null,
  elapsed: null,
  odds: { home: 2, draw: 3, away: 4 },
  odds_live: null,
  probability: { home: 40, draw: 30, away: 30 },
});

let db: AppDb;
let counter = 0;

beforeEach(async () => {
  db = new AppDb(`upcoming-${++counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('readUpcomingEvents', () => {
  it('lists matches from now on and live ones, in kick-off order, and nothing that is over', async () => {
    await db.events.bulkPut([
      event('month-old', at(-30 * 24 * HOUR), 'NS'),
      event('month-old-live', at(-30 * 24 * HOUR), 'LIVE'),
      event('stale-live', at(-MATCH_WINDOW_MS - 1), 'LIVE'),
      event('past-not-started', at(-HOUR), 'NS'),
      event('finished', at(-2 * HOUR), 'FT'),
      event('live', at(-HOUR), 'LIVE'),
      event('half-time', at(-50 * 60_000), 'HT'),
      event('later', at(5 * HOUR), 'NS'),
      event('now', at(0), 'NS'),
      event('postponed', at(2 * HOUR), 'PST'),
    ]);
    const ids = (await readUpcomingEvents(db, NOW, 250)).map((row) => row.id);
    expect(ids).toEqual(['live', 'half-time', 'now', 'later']);
  });

  it('stops at the limit, nearest first', async () => {
    await db.events.bulkPut(Array.from({ length: 10 }, (_, i) => event(`e${i}`, at((10 - i) * HOUR), 'NS')));
    const ids = (await readUpcomingEvents(db, NOW, 3)).map((row) => row.id);
    expect(ids).toEqual(['e9', 'e8', 'e7']);
  });

  it('moves with the clock: what was upcoming yesterday is not today', async () => {
    await db.events.bulkPut([event('yesterday', at(-24 * HOUR), 'NS'), event('tomorrow', at(24 * HOUR), 'NS')]);
    expect((await readUpcomingEvents(db, NOW - 25 * HOUR, 250)).map((row) => row.id)).toEqual(['yesterday', 'tomorrow']);
    expect((await readUpcomingEvents(db, NOW, 250)).map((row) => row.id)).toEqual(['tomorrow']);
  });

  it('walks on when more of the next matches are over (postponed) than it reads ahead', async () => {
    const postponed = Array.from({ length: 30 }, (_, i) => event(`pst${i}`, at(HOUR + i * 60_000), 'PST'));
    const later = Array.from({ length: 5 }, (_, i) => event(`later${i}`, at(10 * HOUR + i * HOUR), 'NS'));
    await db.events.bulkPut([...postponed, ...later, event('live', at(-HOUR), 'LIVE')]);
    expect((await readUpcomingEvents(db, NOW, 3)).map((row) => row.id)).toEqual(['live', 'later0', 'later1']);
    expect((await readUpcomingEvents(db, NOW, 250)).map((row) => row.id)).toEqual(['live', 'later0', 'later1', 'later2', 'later3', 'later4']);
  });
});
