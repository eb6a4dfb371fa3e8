import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { GatewayCallbackResponseSchema } from '../../../contract/schemas/payments.ts';
import type { AppEnv } from '../../hono-env.ts';
import type { ProxyPayConfig } from '../payments-config.ts';
import { readPayment } from './client.ts';
import { takeProxyPayPayment } from './take-payment.ts';

// ProxyPay posts each payment of a reference to the webhook registered with it, POST {PUBLIC_URL}/api/pagamentos/
// proxypay/webhook, signed: X-Signature is the hex HMAC-SHA256 of the raw body with the API key. A bad signature is
// 403 (and nothing is read), an unknown reference 404, a known one 200 (applied, or kept for a person). The webhook
// does not acknowledge the payment: the poll (poll.ts) does, so one lost here is still taken.

const MAX_BODY = 16 * 1024;

type Answer = z.infer<typeof GatewayCallbackResponseSchema>;

/** The signature ProxyPay sends with a body. */
export function proxyPaySignature(config: Pick<ProxyPayConfig, 'apiKey'>, raw: string): string {
  return createHmac('sha256', config.apiKey).update(raw).digest('hex');
}

function signedBy(config: ProxyPayConfig, raw: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(proxyPaySignature(config, raw), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export function mountProxyPayRoutes(app: Hono<AppEnv>): void {
  app.post('/api/pagamentos/proxypay/webhook', async (c) => {
    const config = c.get('config').proxyPay;
    if (!config) return c.json({ ok: false } satisfies Answer, 404);
    const raw = await c.req.text();
    if (raw.length > MAX_BODY || !signedBy(config, raw, c.req.header('x-signature'))) {
      console.warn('[payments] ProxyPay webhook refused: bad signature');
      return c.json({ ok: false } satisfies Answer, 403);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
    const payment = readPayment(body);
    if (!payment) return c.json({ ok: false } satisfies Answer, 400);
    const taken = await takeProxyPayPayment(c.get('db'), c.get('signals'), config, payment, raw);
    return c.json({ ok: taken !== 'unknown' } satisfies Answer, taken === 'unknown' ? 404 : 200);
  });
}
