import type { Context, Hono, MiddlewareHandler } from 'hono';
import { brandForHost } from '../../contract/brands.ts';
import { MSG } from '../../contract/messages.ts';
import { PAYMENT_LIST_SIZE, PaymentListResponseSchema, PaymentResultResponseSchema } from '../../contract/schemas/payments.ts';
import type { AppEnv } from '../hono-env.ts';
import { requireSession } from '../auth/session.ts';
import { answer } from '../lib/answer.ts';
import { jsonError, requestHost } from '../lib/http.ts';
import { findPayment, toPagamento } from './payments-repo.ts';
import { PAYMENT_PAGE_POLICY, paymentPage } from './page.ts';
import { cancelPayment, confirmPayment, type SettleResult } from './settle-payment.ts';
import { mountEmisGpoRoutes } from './emis-gpo/callback.ts';
import { mountProxyPayRoutes } from './proxypay/webhook.ts';
import { deleteReference } from './proxypay/client.ts';
import { frameUrl } from './emis-gpo/client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header('accept') ?? '').includes('application/json');
}

/**
 * The page may open in the app's payment frame (same origin), so unlike every other page it may be framed by our
 * own origin, never by another site (its Pagar button must not be clickjacked).
 */
function pageHeaders(): Record<string, string> {
  return { 'Content-Security-Policy': PAYMENT_PAGE_POLICY, 'X-Frame-Options': 'SAMEORIGIN', 'Cache-Control': 'no-store' };
}

function settled(c: Context<AppEnv>, result: SettleResult): Response {
  const locale = brandForHost(requestHost(c)).locale;
  if (!wantsJson(c)) {
    // The page's own forms post here: answer with the page in its new state.
    return c.html(paymentPage(locale, result.pagamento ?? null), result.ok ? 200 : result.status, pageHeaders());
  }
  if (!result.ok) return jsonError(c, result.status, result.message, result.pagamento ? { pagamento: result.pagamento } : {});
  return answer(c, PaymentResultResponseSchema, { message: result.message, pagamento: result.pagamento });
}

/**
 * The simulated EMIS gateway's page and buttons. The payment id is the capability, as with EMIS's own frame token:
 * paying needs no session (the page may open in a frame or another browser).
 */
export function mountPaymentRoutes(app: Hono<AppEnv>): void {
  // The simulated page and its buttons exist only while the simulated gateway is on (PAYMENTS=simulated).
  const simulatedOnly: MiddlewareHandler<AppEnv> = async (c, next) =>
    (c.get('config').payments === 'simulated' ? next() : c.notFound());
  app.get('/pagamentos/emis/:id', async (c) => {
    const locale = brandForHost(requestHost(c)).locale;
    const id = c.req.param('id');
    const config = c.get('config');
    const row = UUID.test(id) ? await findPayment(c.get('db'), id) : undefined;
    // A payment through EMIS GPO is paid in GPO's own frame: the app's frame follows there (the CSP allows its origin).
    if (row?.gateway === 'emis-gpo' && row.gateway_id && config.emisGpo && row.estado === 'pendente') {
      return c.redirect(frameUrl(config.emisGpo, row.gateway_id), 303);
    }
    // A Multicaixa reference is paid outside the app: the page says what to type (no buttons).
    if (row?.gateway === 'proxypay') return c.html(paymentPage(locale, toPagamento(row)), 200, pageHeaders());
    if (config.payments !== 'simulated') return c.notFound();
    const simulated = row?.gateway === 'emis-simulado' ? row : undefined;
    const maintenance = config.maintenance;
    const page = paymentPage(locale, simulated ? toPagamento(simulated) : null, { maintenance });
    if (maintenance) c.header('Retry-After', '300');
    return c.html(page, !simulated ? 404 : maintenance ? 503 : 200, pageHeaders());
  });

  // The simulated page's buttons settle only payments made on the simulated page (never one sent to a real gateway).
  const simulatedPayment = async (c: Context<AppEnv>, id: string) =>
    UUID.test(id) && (await findPayment(c.get('db'), id))?.gateway === 'emis-simulado';

  app.post('/api/client/public/pagamentos/emis/:id/confirmar', simulatedOnly, async (c) => {
    const id = c.req.param('id');
    if (!(await simulatedPayment(c, id))) return settled(c, { ok: false, status: 404, message: MSG.notFound });
    return settled(c, await confirmPayment(c.get('db'), c.get('signals'), id));
  });

  app.post('/api/client/public/pagamentos/emis/:id/cancelar', simulatedOnly, async (c) => {
    const id = c.req.param('id');
    if (!(await simulatedPayment(c, id))) return settled(c, { ok: false, status: 404, message: MSG.notFound });
    return settled(c, await cancelPayment(c.get('db'), c.get('signals'), id));
  });

  mountEmisGpoRoutes(app);
  mountProxyPayRoutes(app);

  /** The user's latest payments, newest first: each screen shows its own (à espera, pago, cancelado, expirado). */
  app.get('/api/client/common/pagamentos', requireSession, async (c) => {
    const rows = await c
      .get('db')
      .selectFrom('pagamentos')
      .selectAll()
      .where('usuario_id', '=', c.get('user').id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAYMENT_LIST_SIZE)
      .execute();
    return answer(c, PaymentListResponseSchema, { pagamentos: rows.map(toPagamento) });
  });

  /** The state of one of the user's payments, for the app to check after the payment frame closes. */
  app.get('/api/client/common/pagamentos/:id', requireSession, async (c) => {
    const id = c.req.param('id');
    const row = UUID.test(id) ? await findPayment(c.get('db'), id) : undefined;
    if (!row) return jsonError(c, 404, MSG.notFound);
    if (row.usuario_id !== c.get('user').id) return jsonError(c, 403, MSG.forbidden);
    return answer(c, PaymentResultResponseSchema, { pagamento: toPagamento(row) });
  });

  /**
   * The payer gives up a pending payment (a frame closed, a reference they will not pay). A Multicaixa reference is
   * first deleted at ProxyPay so it can no longer be paid; if ProxyPay cannot be reached the payment is cancelled all
   * the same, and money that still comes for it is taken (settle-payment.ts, moneyReceived). Cancelling again is fine.
   */
  app.post('/api/client/common/pagamentos/:id/cancelar', requireSession, async (c) => {
    const id = c.req.param('id');
    const row = UUID.test(id) ? await findPayment(c.get('db'), id) : undefined;
    if (!row) return jsonError(c, 404, MSG.notFound);
    if (row.usuario_id !== c.get('user').id) return jsonError(c, 403, MSG.forbidden);
    const proxyPay = c.get('config').proxyPay;
    if (row.estado === 'pendente' && row.gateway === 'proxypay' && row.referencia && proxyPay) {
      await deleteReference(proxyPay, row.referencia).catch((error: unknown) =>
        console.error(`[payments] ProxyPay did not delete reference ${row.referencia}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    const result = await cancelPayment(c.get('db'), c.get('signals'), id);
    if (!result.ok) return jsonError(c, result.status, result.message, result.pagamento ? { pagamento: result.pagamento } : {});
    return answer(c, PaymentResultResponseSchema, { message: result.message, pagamento: result.pagamento });
  });
}
