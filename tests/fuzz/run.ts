// `npm run fuzz`: the outbox fault-injection suite (DESIGN §9). SEEDS=N seeds (default 20) from SEED_START (default 1).
// One line per seed; the last line is `fuzz: seeds=N mutations=M lost=L duplicated=D out_of_order=O`. Exits non-zero
// when any of L, D, O is not zero or a seed fails.
import 'fake-indexeddb/auto';
import { runSeed, type SeedResult } from './harness.ts';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`fuzz: ${name} must be a non-negative integer, got ${raw}`);
    process.exit(2);
  }
  return value;
}

const seeds = intFromEnv('SEEDS', 20);
const start = intFromEnv('SEED_START', 1);
const verbose = process.env.FUZZ_VERBOSE === '1';
// FUZZ_SIGN_IN_RACE=0 leaves out the enqueue between signing in again and resumePaused (to tell that case apart).
const signInRace = process.env.FUZZ_SIGN_IN_RACE !== '0';
const totals = { mutations: 0, lost: 0, duplicated: 0, outOfOrder: 0 };
let failed = 0;

function faults(result: SeedResult): string {
  const s = (name: string) => result.stats[name] ?? 0;
  return [
    `offline=${s('fault_offline')}`,
    `lost_ack=${s('fault_lost-ack')}`,
    `5xx=${s('fault_5xx')}`,
    `401=${s('server_401')}`,
    `reloads_mid_flight=${s('reloads_mid_flight')}`,
    `two_tab_steps=${s('steps_two_tabs')}`,
    `replays=${s('server_replays')}`,
  ].join(' ');
}

for (let seed = start; seed < start + seeds; seed += 1) {
  try {
    const result = await runSeed(seed, { signInRace, ...(verbose ? { log: (line: string) => console.log(line) } : {}) });
    totals.mutations += result.mutations;
    totals.lost += result.lost;
    totals.duplicated += result.duplicated;
    totals.outOfOrder += result.outOfOrder;
    const ok = result.problems.length === 0 && result.lost === 0 && result.duplicated === 0 && result.outOfOrder === 0;
    if (!ok) failed += 1;
    console.log(
      `seed ${seed}: ${ok ? 'ok' : 'FAIL'} mutations=${result.mutations} (messages=${result.messages} follows=${result.follows} resets=${result.resets}) ` +
        `lost=${result.lost} duplicated=${result.duplicated} out_of_order=${result.outOfOrder} | ${faults(result)} | ${(result.ms / 1000).toFixed(1)} s`,
    );
    for (const problem of result.problems.slice(0, 10)) console.log(`  seed ${seed}: ${problem}`);
    if (result.problems.length > 10) console.log(`  seed ${seed}: … and ${result.problems.length - 10} more`);
    if (verbose) console.log(`  seed ${seed}: ${JSON.stringify(result.stats)}`);
  } catch (error) {
    failed += 1;
    console.log(`seed ${seed}: FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

console.log(`fuzz: seeds=${seeds} mutations=${totals.mutations} lost=${totals.lost} duplicated=${totals.duplicated} out_of_order=${totals.outOfOrder}`);
process.exit(failed > 0 || totals.lost > 0 || totals.duplicated > 0 || totals.outOfOrder > 0 ? 1 : 0);
