import { afterEach, expect, it, vi } from 'vitest';
import { CommunityResponseSchema } from '../../../contract/schemas/explore.ts';
import { LIST } from '../../../server/db/list-place.ts';
import { LEADERBOARD_TTL_MS } from '../../../server/explore/community.ts';
import { takePlace } from './helpers/list-place.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectOk, newUser } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// The public leaderboard once recounted every user and slip on each anonymous request. It is computed
// once per interval and pages are served from that result.

const COMMUNITY = '/api/client/public/explorar/comunidade';

/** Counts the queries that read the users table: the board's ranking and its user cards both start there. */
function countUserQueries(server: TestServer) {
  const spy = vi.spyOn(server.db, 'selectFrom');
  return {
    count: () => spy.mock.calls.filter(([from]) => from === 'usuarios').length,
    restore: () => spy.mockRestore(),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A moment later than any earlier test's, whichever order they run in: the board computed at a later moment would
 * still count as fresh at an earlier one.
 */
let era = Date.now();
const nextEra = () => (era += 365 * 86_400_000);

describeOnEachDb('Explore community leaderboard cache', (server) => {
  it('a flood of anonymous requests, any page, costs one computation per interval', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(nextEra());
    const queries = countUserQueries(server());
    try {
      const board = async (query = '') => expectOk(await anonymous(server()).get(`${COMMUNITY}${query}`), CommunityResponseSchema).usuarios;
      const first = await board('?size=250');
      const computed = queries.count();
      expect(computed).toBeGreaterThan(0);

      const again = await Promise.all([board('?size=250'), board('?size=2'), board('?size=2&pageNumber=2'), board('?pageNumber=40')]);
      expect(queries.count()).toBe(computed);
      expect(again[0]).toEqual(first);
      expect([...(again[1] ?? []), ...(again[2] ?? [])]).toEqual(first.slice(0, 4));
      expect(again[3]).toEqual([]);

      vi.setSystemTime(Date.now() + LEADERBOARD_TTL_MS + 1);
      await Promise.all([board(), board(), board()]);
      expect(queries.count()).toBe(2 * computed);
    } finally {
      queries.restore();
    }
  });

  it('shows changes once the interval has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(nextEra());
    const [star, fan] = [await newUser(server(), 'estrela'), await newUser(server(), 'fa')];
    const followersOf = async () =>
      expectOk(await anonymous(server()).get(`${COMMUNITY}?size=250`), CommunityResponseSchema).usuarios.find((u) => u.id === star.id)?.stats
        .seguidores;
    expect(await followersOf()).toBe(0);
    const { seq, createdAt } = await takePlace(server().db, LIST.follows);
    await server().db.insertInto('seguidores').values({ seguidor_id: fan.id, seguido_id: star.id, created_at: createdAt, seq }).execute();
    expect(await followersOf()).toBe(0);
    vi.setSystemTime(Date.now() + LEADERBOARD_TTL_MS + 1);
    expect(await followersOf()).toBe(1);
  });
});
