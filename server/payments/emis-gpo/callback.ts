import { timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { GatewayCallbackResponseSchema } from '../../../contract/schemas/payments.ts';
import type { AppEnv } from '../../hono-env.ts';
import type { EmisGpoConfig } from '../payments-config.ts';
import { hashSecret } from '../gateway.ts';
import type { PaymentRow } from '../payments-repo.ts';
import { cancelPayment, confirmPayment } from '../settle-payment.ts';
import { keepForReview } from '../review.ts';

// EMIS GPO posts each payment's outcome to the callbackUrl we gave with its frame:
// POST {PUBLIC_URL}/api/pagamentos/emis/callback/{secret} with a JSON body naming the transaction (`id`), its
// `status` (ACCEPTED, REJECTED…), `amount`, `currency`, our `merchantReferenceNumber` (or `reference.id`), the
// `pointOfSale.id` and the `type` of operation. GPO signs nothing and has no status query, so the secret in the path
// says which payment the post is about, and the post is believed only when everything in it matches what we asked.

const PAID = new Set(['ACCEPTED']);
const FAILED = new Set(['REJECTED', 'CANCELLED', 'CANCELED', 'DECLINED', 'FAILED', 'EXPIRED']);

/** Answered to GPO: it reads the status; the body says no more. */
type Answer = z.infer<typeof GatewayCallbackResponseSchema>;

type Refusal = { status: 400 | 404 | 409 | 422; reason: string };

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** GPO's amounts come as numbers or strings ("1500.00"). */
function amountOf(value: unknown): number | null {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** What the callback says, or why it cannot be believed for this payment. */
export function readCallback(
  body: unknown,
  payment: Pick<PaymentRow, 'referencia' | 'valor'>,
  config: EmisGpoConfig,
): { outcome: 'paid' | 'failed'; transaction: string | null } | Refusal {
  const item = record(body);
  if (!item) return { status: 400, reason: 'not a JSON object' };
  const reference = text(item.merchantReferenceNumber) ?? text(record(item.reference)?.id) ?? text(item.reference);
  if (reference !== payment.referencia) return { status: 409, reason: 'another reference' };
  const pos = text(record(item.pointOfSale)?.id) ?? text(item.pointOfSale) ?? text(item.posId);
  if (pos !== config.posId) return { status: 409, reason: 'another point of sale' };
  if (item.currency !== undefined && item.currency !== 'AOA') return { status: 409, reason: 'another currency' };
  if (item.type !== undefined && item.type !== 'PAYMENT') return { status: 409, reason: 'not a payment' };
  const status = text(item.status)?.toUpperCase() ?? '';
  if (FAILED.has(status)) return { outcome: 'failed', transaction: text(item.id) };
  if (!PAID.has(status)) return { status: 400, reason: `unknown status ${status.slice(0, 40)}` };
  const amount = amountOf(item.amount);
  if (amount !== payment.valor) return { status: 422, reason: 'another amount' };
  return { outcome: 'paid', transaction: text(item.id) };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The callback and the frame's stylesheet; mounted whatever the gateway (a callback for no EMIS payment is 404). */
export function mountEmisGpoRoutes(app: Hono<AppEnv>): void {
  app.post('/api/pagamentos/emis/callback/:secret', async (c) => {
    const config = c.get('config').emisGpo;
    const secret = c.req.param('secret');
    if (!config || !/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return c.json({ ok: false } satisfies Answer, 404);
    const hash = hashSecret(secret);
    const payment = await c.get('db').selectFrom('pagamentos').selectAll().where('segredo_hash', '=', hash).executeTakeFirst();
    if (!payment?.segredo_hash || !sameHash(payment.segredo_hash, hash) || payment.gateway !== 'emis-gpo') return c.json({ ok: false } satisfies Answer, 404);
    const raw = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
    const read = readCallback(body, payment, config);
    if ('status' in read) {
      await keepForReview(c.get('db'), { gateway: 'emis-gpo', paymentId: payment.id, reason: read.reason, raw });
      return c.json({ ok: false } satisfies Answer, read.status);
    }
    const settled =
      read.outcome === 'paid'
        ? await confirmPayment(c.get('db'), c.get('signals'), payment.id, new Date(), { moneyReceived: true })
        : await cancelPayment(c.get('db'), c.get('signals'), payment.id);
    // A paid outcome is applied even to a payment cancelled meanwhile (the money is real). One that cannot be applied
    // (its group filled up, its reward was refunded), or a refusal for a paid one, is received (GPO need not send it
    // again) and kept for a person to reconcile.
    if (!settled.ok) {
      await keepForReview(c.get('db'), { gateway: 'emis-gpo', paymentId: payment.id, reason: `${read.outcome} after the payment was ${settled.pagamento?.estado ?? 'gone'}`, raw });
    }
    return c.json({ ok: true } satisfies Answer);
  });

  // GPO refuses a frame without a stylesheet; ours keeps the frame in the app's colours and readable at 360 px.
  app.get('/pagamentos/emis-gpo.css', (c) =>
    c.body(FRAME_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=86400' }),
  );
}

const FRAME_CSS = `body{font-family:system-ui,sans-serif;color:#16201a;background:#fff;margin:0}
button,.btn{background:#0f7b3f;color:#fff;border:0;border-radius:8px;min-height:44px;font-size:1rem}
input{min-height:44px;font-size:1rem}
`;
