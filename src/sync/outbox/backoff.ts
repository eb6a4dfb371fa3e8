const BASE_MS = 1_000;
const CAP_MS = 60_000;

/** Exponential backoff with jitter, capped (DESIGN §4): about 1 s, 2 s, 4 s … up to a minute. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.5 + random() / 2));
}
