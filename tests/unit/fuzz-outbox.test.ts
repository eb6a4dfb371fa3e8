import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppDb } from '../../src/db/app-db.ts';
import type { RawOutcome } from '../../src/api/http.ts';
import { flushOutbox, resumePaused } from '../../src/sync/outbox/replayer.ts';
import { APPLIERS } from '../../src/sync/outbox/registry.ts';
import { sendMessage } from '../../src/sync/resources/messages.ts';
import { runSeed, type SeedResult } from '../fuzz/harness.ts';

// A few seeds of the outbox fault-injection suite (tests/fuzz, `npm run fuzz` runs 20): the real outbox on
// fake-indexeddb against the real server over HTTP, with offline periods, lost acknowledgements, 5xx, 401s, reloads
// in mid-flight and two tabs. The server must hold every mutation exactly once and in order.

const SEEDS = [1, 2, 3];
const results: SeedResult[] = [];

describe('outbox fault-injection suite (3 seeds)', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: every mutation reaches the server exactly once, in order, and the store matches it`, { timeout: 180_000 }, async () => {
      const result = await runSeed(seed);
      results.push(result);
      expect(result.mutations).toBeGreaterThanOrEqual(200);
      expect({
        lost: result.lost,
        duplicated: result.duplicated,
        outOfOrder: result.outOfOrder,
        problems: result.problems.slice(0, 10),
      }).toEqual({ lost: 0, duplicated: 0, outOfOrder: 0, problems: [] });
    });
  }

  it('injected every kind of fault across the seeds', () => {
    const total = (name: string) => results.reduce((sum, result) => sum + (result.stats[name] ?? 0), 0);
    expect(results).toHaveLength(SEEDS.length);
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
        send: async (entry) => {
          if (answer.kind === 'ok') accepted.push((entry.body as { mensagem: string }).mensagem);
          return answer;
        },
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
