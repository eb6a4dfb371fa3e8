import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppDb } from '../../src/db/app-db.ts';
import type { RawOutcome } from '../../src/api/http.ts';
import { flushOutbox, resumePaused } from '../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../src/sync/outbox/registry.ts';
import { sendMessage } from '../../src/sync/resources/messages.ts';
import { runSeed, type SeedResult } from '../fuzz/harness.ts';
import { fakeTransport } from './src/helpers/fake-transport.ts';

// A few seeds of the outbox fault-injection suite (tests/fuzz, `npm run fuzz` runs 20): the real outbox on
// fake-indexeddb against the real server over HTTP, with offline periods, lost acknowledgements, 5xx, 401s, reloads
// in mid-flight and two tabs. The server must hold every mutation exactly once and in order.

const SEEDS = [1, 2, 3];
const SEED_TIMEOUT_MS = 180_000;

// A seed's run is deterministic, so each is run once and its result shared: whichever test asks first runs it, and
// every test stands alone in any order (the totals below run whichever seeds no test has run yet).
const runs = new Map<number, Promise<SeedResult>>();
function resultOf(seed: number): Promise<SeedResult> {
  let run = runs.get(seed);
  if (!run) {
    run = runSeed(seed);
    runs.set(seed, run);
  }
  return run;
}

describe('outbox fault-injection suite (3 seeds)', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: every mutation reaches the server exactly once, in order, and the store matches it`, { timeout: SEED_TIMEOUT_MS }, async () => {
      const result = await resultOf(seed);
      expect(result.mutations).toBeGreaterThanOrEqual(200);
      expect({
        lost: result.lost,
        duplicated: result.duplicated,
        outOfOrder: result.outOfOrder,
        problems: result.problems.slice(0, 10),
      }).toEqual({ lost: 0, duplicated: 0, outOfOrder: 0, problems: [] });
    });
  }

  it('injected every kind of fault across the seeds', { timeout: SEED_TIMEOUT_MS * SEEDS.length }, async () => {
    const results: SeedResult[] = [];
    // One after another, as the tests above run them (the harness's clock and network are the process's).
    for (const seed of SEEDS) results.push(await resultOf(seed));
    const total = (name: string) => results.reduce((sum, result) => sum + (result.stats[name] ?? 0), 0);
    expect({
      offline: total('fault_offline') > 0,
      lostAck: total('fault_lost-ack') > 0,
      serverError: total('fault_5xx') > 0,
      unauthorized: total('server_401') > 0,
      reloadBeforeServer: total('reload_before_server') > 0,
      reloadAfterCommit: total('reload_after_commit') > 0,
      sendingPickedUp: total('sending_entries_picked_up') > 0,
      twoTabs: total('steps_two_tabs') > 0,
      replays: total('server_replays') > 0,
      backoffTimers: total('timers_fired') > 0,
    }).toEqual({
      offline: true,
      lostAck: true,
      serverError: true,
      unauthorized: true,
      reloadBeforeServer: true,
      reloadAfterCommit: true,
      sendingPickedUp: true,
      twoTabs: true,
      replays: true,
      backoffTimers: true,
    });
  });
});

// The case the suite found, reduced: a 401 pauses the queue; a message written afterwards must not reach the server
// before the paused ones once the session is good again (signed in again, resumePaused not run yet).
describe('a paused entry holds the queue (found by the fuzz suite)', () => {
  const db = new AppDb(`fuzz-paused-${process.pid}`);
  afterAll(() => db.delete());

  it('does not send a later entry while an earlier one of the same user is paused', async () => {
    await db.kv.put({
      key: 'session',
      session: { user: { id: 'u1', nomeUsuario: 'u1', role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
      checkedAt: Date.now(),
    });
    const accepted: string[] = [];
    let answer: RawOutcome = { kind: 'http', status: 401, message: 'Inicie sessão para continuar', body: { status: 'error' } };
    const flush = () =>
      flushOutbox({
        db,
        appliers: APPLIERS,
        now: () => 0,
        random: () => 0.5,
        transport: fakeTransport(db, {
          send: async (entry) => {
            if (answer.kind === 'ok') accepted.push((entry.body as { mensagem: string }).mensagem);
            return answer;
          },
        }),
      });
    await sendMessage(db, { userId: 'u1', target: { conversaWith: 'ana' }, mensagem: 'first', imagens: [] });
    expect(await flush()).toMatchObject({ stop: 'auth' });
    await sendMessage(db, { userId: 'u1', target: { conversaWith: 'ana' }, mensagem: 'second', imagens: [] });
    // The same user has signed in again (the cookie is good); a trigger fires before resumePaused runs.
    answer = { kind: 'ok', status: 201, body: { status: 'success', message: '' } };
    await flush();
    await resumePaused(db, 'u1');
    await flush();
    // What the server accepted, in order: 'second' must not come before 'first'.
    expect(accepted).toEqual(['first', 'second']);
  });
});
