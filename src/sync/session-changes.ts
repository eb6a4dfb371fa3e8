// Requests of this page that change its own session cookie (a password change renews it). The server closes the
// user's live connections (4009) as soon as such a request has committed, which can reach the page before the
// request's answer with the renewed cookie does: the page waits for these requests before it asks whether its session
// still stands, or it would ask with the old cookie and sign itself out (sync/realtime/connect.ts).

const inFlight = new Set<Promise<unknown>>();

/** Runs `request` as a change of this page's session; its outcome is the caller's, unchanged. */
export function trackSessionChange<T>(request: Promise<T>): Promise<T> {
  inFlight.add(request);
  const forget = () => inFlight.delete(request);
  request.then(forget, forget);
  return request;
}

/** Settles once every session change in flight has its answer, whatever it was. */
export async function sessionChangesSettled(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}
