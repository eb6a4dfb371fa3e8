import { describe, expect, it } from 'vitest';
import { EventSchema } from '../../../contract/schemas/events.ts';
import { COMPETITIONS, TEAMS, teamById } from '../../../server/sports/competitions.ts';
import { createGeneratedProvider } from '../../../server/sports/generated-provider.ts';
import { expectedGoals, priceWithMargin, resultProbabilities, toPercent } from '../../../server/sports/poisson.ts';
import { syncFixtures } from '../../../server/sports/sync-fixtures.ts';
import { describeOnEachDb } from './helpers/matrix.ts';

const WEEK = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
const BEFORE = new Date('2026-03-01T00:00:00Z');

describe('generated fixtures', () => {
  const provider = createGeneratedProvider({ seed: 7 });

  it('are the same for the same seed and day, and differ with another seed', () => {
    expect(createGeneratedProvider({ seed: 7 }).fixturesForDay('2026-03-07', BEFORE)).toEqual(
      provider.fixturesForDay('2026-03-07', BEFORE),
    );
    expect(createGeneratedProvider({ seed: 8 }).fixturesForDay('2026-03-07', BEFORE)).not.toEqual(
      provider.fixturesForDay('2026-03-07', BEFORE),
    );
  });

  it('give 6 to 10 schema-valid matches a day, kick-off that UTC day, each club at most once', () => {
    for (const day of WEEK) {
      const events = provider.fixturesForDay(day, BEFORE);
      expect(events.length).toBeGreaterThanOrEqual(6);
      expect(events.length).toBeLessThanOrEqual(10);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const playing = COMPETITIONS.filter((c) => c.weekdays.includes(weekday)).map((c) => c.id);
      expect(new Set(events.map((e) => e.competition_id))).toEqual(new Set(playing));
      const clubs = events.flatMap((e) => [e.home_id, e.away_id]);
      expect(new Set(clubs).size).toBe(clubs.length);
      for (const event of events) {
        EventSchema.parse(event);
        expect(event.date.startsWith(`${day}T`)).toBe(true);
        expect(event.status).toBe('NS');
        expect(event.home_id).not.toBe(event.away_id);
      }
    }
  });

  it('draw only from known clubs, each with one id', () => {
    expect(new Set(TEAMS.map((team) => team.id)).size).toBe(TEAMS.length);
    for (const competition of COMPETITIONS) {
      for (const id of competition.teamIds) expect(teamById(id).id).toBe(id);
    }
  });

  it('cover real competitions over a week, Girabola with Angolan clubs included', () => {
    const events = WEEK.flatMap((day) => provider.fixturesForDay(day, BEFORE));
    const competitions = new Set(events.map((e) => e.competition_name));
    expect(competitions).toContain('Girabola');
    expect(competitions.size).toBeGreaterThanOrEqual(5);
    const girabolaClubs = new Set(COMPETITIONS.find((c) => c.id === 'girabola')?.teamIds);
    for (const club of ['petro-de-luanda', 'primeiro-de-agosto', 'sagrada-esperanca', 'interclube', 'wiliete', 'kabuscorp']) {
      expect(girabolaClubs).toContain(club);
    }
    for (const event of events.filter((e) => e.competition_id === 'girabola')) {
      expect(girabolaClubs).toContain(event.home_id);
      expect(girabolaClubs).toContain(event.away_id);
    }
  });

  it('finish matches that were over when generated, with a score', () => {
    const events = provider.fixturesForDay('2026-03-07', new Date('2026-03-08T00:00:00Z'));
    for (const event of events) {
      expect(event.status).toBe('FT');
      expect(event.home_goals).not.toBeNull();
      expect(event.elapsed).toBe(90);
    }
  });
});

describe('goals model pricing', () => {
  it('makes the stronger home side the favourite, with a ~6% margin', () => {
    const goals = expectedGoals(90, 60);
    const p = resultProbabilities(goals.home, goals.away);
    expect(p.home).toBeGreaterThan(p.away);
    expect(p.home + p.draw + p.away).toBeCloseTo(1, 10);
    const odds = priceWithMargin(p);
    expect(odds.home).toBeLessThan(odds.away);
    const overround = 1 / odds.home + 1 / odds.draw + 1 / odds.away;
    expect(overround).toBeCloseTo(1.06, 1);
  });

  it('rounds probabilities to whole percent adding up to 100', () => {
    expect(toPercent({ home: 1 / 3, draw: 1 / 3, away: 1 / 3 })).toEqual({ home: 34, draw: 33, away: 33 });
  });
});

describeOnEachDb(
  'syncFixtures',
  (server) => {
    it('fills 7 days once and adds nothing when run again', async () => {
      const { db } = server();
      const provider = createGeneratedProvider({ seed: 11 });
      const now = new Date('2026-03-02T06:00:00Z');
      const first = await syncFixtures(db, provider, now);
      expect(first).toBeGreaterThanOrEqual(42);
      expect(await syncFixtures(db, provider, now)).toBe(0);
      const rows = await db.selectFrom('eventos').select('id').execute();
      expect(rows).toHaveLength(first);
      // The next day only the new seventh day is added.
      const next = await syncFixtures(db, provider, new Date('2026-03-03T06:00:00Z'));
      expect(next).toBe(provider.fixturesForDay('2026-03-09', now).length);
    });
  },
  { seed: false },
);
