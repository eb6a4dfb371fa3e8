import type { Hono } from 'hono';
import type { AppEnv } from '../../../../server/hono-env.ts';

export const ORIGIN = 'http://localhost:8080';

/** A browser-like cookie jar: keeps what Set-Cookie gives, drops what it expires. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(prefix: string): boolean {
    return [...this.cookies.keys()].some((name) => name.startsWith(prefix));
  }
}

export interface Client {
  jar: CookieJar;
  request(path: string, init?: RequestInit & { host?: string }): Promise<Response>;
}

/** Sends requests to the app as one browser would: cookies kept between calls, Host header set. */
export function browser(app: Hono<AppEnv>, base = ORIGIN): Client {
  const jar = new CookieJar();
  return {
    jar,
    async request(path, init = {}) {
      const { host, ...rest } = init;
      const headers = new Headers(rest.headers);
      const url = new URL(path, base);
      headers.set('host', host ?? url.host);
      // The app's own mark, sent by its client on every call (src/api/http.ts); CSRF tests build requests without it.
      if (!headers.has('x-requested-with')) headers.set('x-requested-with', 'fichas');
      const cookie = jar.header();
      if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
      const response = await app.request(url.toString(), { ...rest, headers });
      jar.store(response);
      return response;
    },
  };
}

export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
