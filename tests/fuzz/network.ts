import { CookieJar } from '../unit/server/helpers/http.ts';

/** The header the harness adds to a tab's outbox requests so the network knows which tab sent it (stripped). */
export const TAB_HEADER = 'X-Fuzz-Tab';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** An outbox request that has left the page and waits for the fuzz loop to decide what the network does with it. */
export interface ParkedRequest {
  tab: number;
  method: string;
  url: string;
  /** Path and query, for the log. */
  path: string;
  idempotencyKey: string;
  /** With the Cookie the browser attached when the page sent it (cookies go with the request, not its delivery). */
  headers: Headers;
  body: string | undefined;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

export type Fault = 'none' | 'offline' | '5xx' | 'lost-ack';

export interface Delivery {
  /** Whether the request reached the server (and so may have committed). */
  reached: boolean;
  /** The server's status when it reached it. */
  status?: number;
  /** The server answered from its idempotency store (a repeated key). */
  replayed?: boolean;
  /** A batch request (POST /api/client/common/lote): what the server did with each item it reached. */
  items?: { path: string; status: number; replayed: boolean }[];
}

/**
 * The browser's network as the client code sees it through `globalThis.fetch`: it keeps the signed-in user's
 * cookies (a browser cookie store for the test server's origin) and holds every outbox request (those with an
 * Idempotency-Key) until the fuzz loop delivers it, with or without a fault. Other calls (sign-in, session, pulls)
 * go straight to the server.
 */
export class FuzzNetwork {
  readonly jar = new CookieJar();
  private parkedRequests: ParkedRequest[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly origin: string;
  private readonly realFetch: typeof fetch;

  constructor(origin: string, realFetch: typeof fetch) {
    this.origin = origin;
    this.realFetch = realFetch;
  }

  /** Replaces globalThis.fetch; returns the function that puts the previous one back. */
  install(): () => void {
    const previous = globalThis.fetch;
    globalThis.fetch = this.fetch;
    return () => {
      globalThis.fetch = previous;
    };
  }

  parked(): readonly ParkedRequest[] {
    return this.parkedRequests;
  }

  parkedOf(tab: number): ParkedRequest | undefined {
    return this.parkedRequests.find((request) => request.tab === tab);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Expires the session on the server's side as far as this browser goes: the next calls get a real 401. */
  dropSessionCookie(): void {
    for (const name of [...this.jar.cookies.keys()]) {
      if (name.startsWith('authjs.session-token') || name.startsWith('__Secure-authjs.session-token')) this.jar.cookies.delete(name);
    }
  }

  hasSessionCookie(): boolean {
    return this.jar.has('authjs.session-token') || this.jar.has('__Secure-authjs.session-token');
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== this.origin) throw new TypeError(`fuzz network: unexpected origin ${request.url}`);
    const headers = new Headers(request.headers);
    const tab = headers.get(TAB_HEADER);
    headers.delete(TAB_HEADER);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const key = headers.get('idempotency-key');
    if (key === null) {
      this.attachCookies(headers);
      return (await this.forward({ method: request.method, url: request.url, headers, body })).response;
    }
    if (tab === null) throw new Error(`fuzz network: outbox request ${request.method} ${request.url} without ${TAB_HEADER}`);
    const url = new URL(request.url);
    this.attachCookies(headers);
    return new Promise<Response>((resolve, reject) => {
      this.parkedRequests.push({
        tab: Number(tab),
        method: request.method,
        url: request.url,
        path: `${url.pathname}${url.search}`,
        idempotencyKey: key,
        headers,
        body,
        resolve,
        reject,
      });
      this.changed();
    });
  };

  /** Lets a held request go, with a fault: offline and 5xx never reach the server; a lost ack reaches it. */
  async deliver(request: ParkedRequest, fault: Fault): Promise<Delivery> {
    this.take(request);
    if (fault === 'offline') {
      request.reject(new TypeError('fetch failed (fuzz: offline)'));
      return { reached: false };
    }
    if (fault === '5xx') {
      const status = 502 + (request.idempotencyKey.length % 3); // 502, 503 or 504, as a proxy would answer
      request.resolve(
        new Response(JSON.stringify({ status: 'error', message: 'Serviço indisponível' }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
      return { reached: false };
    }
    const { response, delivery } = await this.forward(request);
    if (fault === 'lost-ack') request.reject(new TypeError('fetch failed (fuzz: acknowledgement lost)'));
    else request.resolve(response);
    return delivery;
  }

  /**
   * The tab that sent the request died: the page never reads an answer. With `reachServer` the request got to the
   * server first (and may have committed there). Returns what the server did, if it got there.
   */
  async abandon(request: ParkedRequest, reachServer: boolean): Promise<Delivery> {
    this.take(request);
    const delivery = reachServer ? (await this.forward(request)).delivery : { reached: false };
    return delivery;
  }

  /** After the tab's death: the pending fetch fails, so nothing is left waiting on a timer. */
  static fail(request: ParkedRequest): void {
    request.reject(new TypeError('fetch failed (fuzz: page closed)'));
  }

  private attachCookies(headers: Headers): void {
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    else headers.delete('cookie');
  }

  private take(request: ParkedRequest): void {
    const index = this.parkedRequests.indexOf(request);
    if (index < 0) throw new Error('fuzz network: request is not held');
    this.parkedRequests.splice(index, 1);
    this.changed();
  }

  private async forward(call: { method: string; url: string; headers: Headers; body: string | undefined }): Promise<{
    response: Response;
    delivery: Delivery;
  }> {
    const response = await this.realFetch(call.url, {
      method: call.method,
      headers: call.headers,
      ...(call.body !== undefined ? { body: call.body } : {}),
      redirect: 'manual',
    });
    this.jar.store(response);
    const text = await response.text();
    const copy = new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return {
      response: copy,
      delivery: {
        reached: true,
        status: response.status,
        replayed: response.headers.get('idempotent-replayed') === 'true',
        ...batchItems(call.url, call.body, response.status, text),
      },
    };
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The items of a batch request and the server's result for each one it reached. */
function batchItems(url: string, body: string | undefined, status: number, text: string): { items?: Delivery['items'] } {
  if (new URL(url).pathname !== '/api/client/common/lote' || status !== 200 || !body) return {};
  const sent = (JSON.parse(body) as { pedidos: { path: string }[] }).pedidos;
  const results = (JSON.parse(text) as { respostas: { status: number; replayed?: boolean }[] }).respostas;
  return { items: results.map((result, index) => ({ path: sent[index]?.path ?? '', status: result.status, replayed: result.replayed === true })) };
}
