import type { Config } from '../config.ts';
import type { Db } from '../db/create-db.ts';
import type { Signals } from '../signals/signals.ts';
import type { SportsProvider } from '../sports/provider.ts';
import { LiveSimulator } from '../sports/simulator.ts';
import { ApiFootballFeed } from '../sports/api-football/feed.ts';
import { syncFixtures } from '../sports/sync-fixtures.ts';
import { housekeeping } from './housekeeping.ts';
import { LICENCE_EXPIRY_EVERY_MS, tellExpiredLicences } from '../licence/licence-expiry.ts';
import { GROUP_ENDING_EVERY_MS, tellEndingGroupSubscriptions } from '../social/groups/subscription-ending.ts';
import { pollProxyPay } from '../payments/proxypay/poll.ts';
import { PAYMENT_EXPIRY_EVERY_MS, expirePayments } from '../payments/expiry.ts';
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

/** How often the real feed looks at what is due; each read has its own pace within the plan (server/sports/api-football). */
const FEED_TICK_MS = 15_000;

/** Every periodic job of the server; the scheduler runs each in one process at a time. */
export function backgroundJobs({ config, db, signals, provider }: BackgroundJobsInput): JobDefinition[] {
  const jobs: JobDefinition[] = [
    { name: 'limpeza', everyMs: HOUSEKEEPING_MS, run: (now) => housekeeping(db, now) },
    // Licences expire by time: their owners are told once each (server/licence/licence-expiry.ts).
    { name: 'licencas', everyMs: LICENCE_EXPIRY_EVERY_MS, run: (now) => tellExpiredLicences(db, signals, now) },
    // Paid group plans end by time too: members are told once, within 3 days of the end (social/groups/subscription-ending.ts).
    { name: 'grupos-fim', everyMs: GROUP_ENDING_EVERY_MS, run: (now) => tellEndingGroupSubscriptions(db, signals, now) },
    // Pending payments past their end (a reference not paid in time, a GPO frame gone) end expired (payments/expiry.ts).
    { name: 'pagamentos-fim', everyMs: PAYMENT_EXPIRY_EVERY_MS, run: (now) => expirePayments(db, signals, now) },
  ];
  // PAYMENTS=proxypay: payments ProxyPay holds are taken and acknowledged, so a webhook lost is not a lost payment.
  if (config.proxyPay) {
    const proxyPay = config.proxyPay;
    jobs.push({ name: 'pagamentos-proxypay', everyMs: proxyPay.pollIntervalMs, run: () => pollProxyPay(db, signals, proxyPay) });
  }
  // SPORTS_FEED=api-football: real fixtures, prices and results; the generated fixtures and the simulator stay off.
  if (config.feed.kind === 'api-football') {
    const feed = new ApiFootballFeed({ db, signals, config: config.feed });
    jobs.push({ name: 'jogos-api', everyMs: FEED_TICK_MS, run: (now) => feed.tick(now) });
    return jobs;
  }
  jobs.unshift({ name: 'jogos', everyMs: FIXTURE_REFRESH_MS, run: (now) => syncFixtures(db, provider, now) });
  // SIMULATOR=on (default): plays the matches live and settles slips; SIMULATOR_SPEED match minutes per real minute.
  if (config.simulator.enabled) {
    const simulator = new LiveSimulator({ db, signals, speed: config.simulator.speed, seed: config.sportsSeed });
    jobs.push({ name: 'simulador', everyMs: simulator.intervalMs, run: (now) => simulator.tick(now) });
  }
  return jobs;
}
