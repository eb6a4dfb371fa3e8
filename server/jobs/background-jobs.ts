import type { Config } from '../config.ts';
import type { Db } from '../db/create-db.ts';
import type { Signals } from '../signals/signals.ts';
import type { SportsProvider } from '../sports/provider.ts';
import { LiveSimulator } from '../sports/simulator.ts';
import { syncFixtures } from '../sports/sync-fixtures.ts';
import { housekeeping } from './housekeeping.ts';
import { LICENCE_EXPIRY_EVERY_MS, tellExpiredLicences } from '../licence/licence-expiry.ts';
import type { JobDefinition } from './scheduler.ts';

/** Fixtures are topped up so the next 7 days always have matches on a server that runs for days. */
const FIXTURE_REFRESH_MS = 60 * 60 * 1000;
/** Keys, ended sessions, used links and old counters are swept when a process takes the job, then daily. */
const HOUSEKEEPING_MS = 24 * 60 * 60 * 1000;

export interface BackgroundJobsInput {
  config: Config;
  db: Db;
  signals: Signals;
  provider: SportsProvider;
}

/** Every periodic job of the server; the scheduler runs each in one process at a time. */
export function backgroundJobs({ config, db, signals, provider }: BackgroundJobsInput): JobDefinition[] {
  const jobs: JobDefinition[] = [
    { name: 'jogos', everyMs: FIXTURE_REFRESH_MS, run: (now) => syncFixtures(db, provider, now) },
    { name: 'limpeza', everyMs: HOUSEKEEPING_MS, run: (now) => housekeeping(db, now) },
    // Licences expire by time: their owners are told once each (server/licence/licence-expiry.ts).
    { name: 'licencas', everyMs: LICENCE_EXPIRY_EVERY_MS, run: (now) => tellExpiredLicences(db, signals, now) },
  ];
  // SIMULATOR=on (default): plays the matches live and settles slips; SIMULATOR_SPEED match minutes per real minute.
  if (config.simulator.enabled) {
    const simulator = new LiveSimulator({ db, signals, speed: config.simulator.speed, seed: config.sportsSeed });
    jobs.push({ name: 'simulador', everyMs: simulator.intervalMs, run: (now) => simulator.tick(now) });
  }
  return jobs;
}
