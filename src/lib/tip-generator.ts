// The generate-tip button (SPEC §2 Explore, §4 Lists "Tip generation retries up to 10 consecutive failures with a
// 1 s pause"). Pure: the caller passes the request, the slip writer and the pause, so the loop is tested alone.

export const TIP_MAX_FAILURES = 10;
export const TIP_RETRY_PAUSE_MS = 1000;
/** The generate button hides at 25 selections or more (SPEC §5, §9), so tips stop there too. */
export const TIP_SLIP_LIMIT = 25;

export type TipAnswer<S> =
  | { kind: 'tip'; selection: S }
  /** A subscription problem (`tipo` and `message`): stop and show the subscription notice. */
  | { kind: 'subscription'; message: string }
  /** A final refusal (e.g. no more tips in this period): stop and say why. */
  | { kind: 'refused'; message: string }
  /** A failure worth another try (network, server error, a tip already in the slip). */
  | { kind: 'failed'; message: string };

export type TipOutcome =
  | { kind: 'done'; added: number }
  | { kind: 'subscription'; added: number; message: string }
  | { kind: 'refused'; added: number; message: string }
  | { kind: 'failed'; added: number; message: string };

export interface TipRun<S> {
  /** How many tips are wanted. */
  count: number;
  /** Event ids already in the slip (the server picks another event). */
  eventIds: string[];
  request: (eventIds: string[]) => Promise<TipAnswer<S>>;
  /** Adds the tip to the slip; false when the slip did not take it (already there, full). */
  add: (selection: S) => Promise<boolean>;
  eventIdOf: (selection: S) => string;
  sleep?: (ms: number) => Promise<void>;
  maxFailures?: number;
  pauseMs?: number;
  slipLimit?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function generateTips<S>(run: TipRun<S>): Promise<TipOutcome> {
  const sleep = run.sleep ?? defaultSleep;
  const maxFailures = run.maxFailures ?? TIP_MAX_FAILURES;
  const limit = run.slipLimit ?? TIP_SLIP_LIMIT;
  const ids = [...run.eventIds];
  let added = 0;
  let failures = 0;
  let lastMessage = '';
  while (added < run.count && ids.length < limit) {
    const answer = await run.request(ids);
    if (answer.kind === 'subscription' || answer.kind === 'refused') return { kind: answer.kind, added, message: answer.message };
    if (answer.kind === 'tip' && (await run.add(answer.selection))) {
      ids.push(run.eventIdOf(answer.selection));
      added += 1;
      failures = 0;
      continue;
    }
    if (answer.kind === 'tip') ids.push(run.eventIdOf(answer.selection));
    else lastMessage = answer.message;
    failures += 1;
    if (failures >= maxFailures) return { kind: 'failed', added, message: lastMessage };
    await sleep(run.pauseMs ?? TIP_RETRY_PAUSE_MS);
  }
  return { kind: 'done', added };
}
