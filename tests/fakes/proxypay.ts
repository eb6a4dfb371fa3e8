import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { listenLocal, readBody } from './http.ts';

// A stand-in for ProxyPay's Reference API (RPS v2) on 127.0.0.1, as ProxyPay documents it: every request must carry
// `Authorization: Token {key}` (401 otherwise) and `Accept: application/vnd.proxypay.v2+json` (406 otherwise).
// POST /reference_ids answers a new 9-digit reference number as a bare JSON number; PUT /references/{id} with
// {amount: "1500.00", end_datetime, custom_fields} makes it payable (204; 400 for a bad body, 404 for a number it
// never gave); DELETE /references/{id} (204); GET /payments lists the payments not yet acknowledged; DELETE
// /payments/{id} acknowledges one (204). A payer's payment (pay) is listed and, unless told not to, posted to the
// webhook signed as ProxyPay signs it: X-Signature = hex HMAC-SHA256 of the raw body with the API key.

export interface FakeReference {
  id: string;
  amount: string | null;
  endDatetime: string | null;
  customFields: Record<string, unknown>;
  deleted: boolean;
}

export interface FakeProxyPay {
  /** The API's base, as PROXYPAY_URL. */
  url: string;
  apiKey: string;
  entity: string;
  /** Where payments are posted (the merchant's webhook, as registered with ProxyPay). */
  webhookUrl: string;
  references: Map<string, FakeReference>;
  /** Payments not yet acknowledged, as GET /payments lists them. */
  payments: Record<string, unknown>[];
  acknowledged: string[];
  /** Fails the next requests with this HTTP status. */
  failNext(status: number): void;
  /** A payer pays a reference (its own amount unless told another): listed, and posted unless `webhook: false`. */
  pay(referenceId: string, options?: { amount?: string; webhook?: boolean; entityId?: number }): Promise<{ payment: Record<string, unknown>; status: number | null }>;
  /** Posts any body to the webhook, signed with the key unless another signature is given. */
  post(body: string, signature?: string): Promise<number>;
  sign(body: string): string;
  close(): Promise<void>;
}

export async function startFakeProxyPay(): Promise<FakeProxyPay> {
  const apiKey = 'k3y5ecr3tF0rT3stsOnly0123456789ab';
  const entity = '10111';
  const failures: number[] = [];
  let nextReference = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  let nextPayment = 80_000_000_000;
  const fake: FakeProxyPay = {
    url: '',
    apiKey,
    entity,
    webhookUrl: '',
    references: new Map(),
    payments: [],
    acknowledged: [],
    failNext: (status) => void failures.push(status),
    sign: (body) => createHmac('sha256', apiKey).update(body).digest('hex'),
    async post(body, signature) {
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature ?? fake.sign(body) },
        body,
      });
      return response.status;
    },
    async pay(referenceId, options = {}) {
      const reference = fake.references.get(referenceId);
      const now = new Date().toISOString();
      const payment = {
        id: nextPayment++,
        transaction_id: nextPayment * 7,
        terminal_type: 'ATM',
        terminal_transaction_id: 12345,
        terminal_location: 'LUANDA',
        terminal_id: '0000123',
        reference_id: Number(referenceId),
        product_id: '1',
        period_id: 1,
        period_start_datetime: now,
        period_end_datetime: now,
        parameter_id: null,
        fee: '0.00',
        entity_id: options.entityId ?? Number(entity),
        datetime: now,
        custom_fields: reference?.customFields ?? {},
        amount: options.amount ?? reference?.amount ?? '0.00',
      };
      fake.payments.push(payment);
      const status = options.webhook === false ? null : await fake.post(JSON.stringify(payment));
      return { payment, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const send = (status: number, body?: unknown) =>
        body === undefined ? res.writeHead(status).end() : res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const text = await readBody(req);
      const failure = failures.shift();
      if (failure) return send(failure, { error: 'unavailable' });
      if (req.headers.authorization !== `Token ${apiKey}`) return send(401, { error: 'Invalid token' });
      if (req.headers.accept !== 'application/vnd.proxypay.v2+json') return send(406, { error: 'Not acceptable' });
      if (req.method === 'POST' && url.pathname === '/reference_ids') {
        const id = String(nextReference++);
        fake.references.set(id, { id, amount: null, endDatetime: null, customFields: {}, deleted: false });
        return send(200, Number(id));
      }
      const reference = /^\/references\/(\d+)$/.exec(url.pathname);
      if (reference && req.method === 'PUT') {
        const known = fake.references.get(reference[1] ?? '');
        if (!known) return send(404, { error: 'Not found' });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return send(400, { error: 'Invalid JSON' });
        }
        const { amount, end_datetime: end, custom_fields: fields } = body;
        if (typeof amount !== 'string' || !/^\d+\.\d{2}$/.test(amount)) return send(400, { amount: ['is invalid'] });
        if (end !== undefined && (typeof end !== 'string' || Number.isNaN(Date.parse(end)))) return send(400, { end_datetime: ['is invalid'] });
        if (fields !== undefined && (typeof fields !== 'object' || fields === null || Object.keys(fields).length > 10)) return send(400, { custom_fields: ['is invalid'] });
        Object.assign(known, { amount, endDatetime: end ?? null, customFields: (fields as Record<string, unknown> | undefined) ?? {} });
        return send(204);
      }
      if (reference && req.method === 'DELETE') {
        const known = fake.references.get(reference[1] ?? '');
        if (!known) return send(404, { error: 'Not found' });
        known.deleted = true;
        return send(204);
      }
      if (req.method === 'GET' && url.pathname === '/payments') return send(200, fake.payments.slice(0, 100));
      const payment = /^\/payments\/(\d+)$/.exec(url.pathname);
      if (payment && req.method === 'DELETE') {
        const index = fake.payments.findIndex((p) => String(p.id) === (payment[1] ?? ''));
        if (index < 0) return send(404, { error: 'Not found' });
        fake.payments.splice(index, 1);
        fake.acknowledged.push(payment[1] ?? '');
        return send(204);
      }
      send(404, { error: 'Not found' });
    })();
  });
  fake.url = await listenLocal(server);
  return fake;
}
