import type { Actor } from '../../server/helpers/social.ts';

/**
 * A stand-in for the app's fetch: each request goes to the real test server as `actor` sends it (with its cookie).
 * While `isOnline` says no, it fails as a browser's fetch does without a network.
 */
export function fetchAs(actor: Pick<Actor, 'raw'>, isOnline: () => boolean = () => true) {
  return async (input: Request | string, init?: RequestInit) => {
    if (!isOnline()) throw new TypeError('Failed to fetch');
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    return actor.raw(url.pathname + url.search, { method: request.method, headers: request.headers, ...(body ? { body } : {}) });
  };
}
