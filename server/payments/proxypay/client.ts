import type { ProxyPayConfig } from '../payments-config.ts';

// ProxyPay's Reference API (RPS v2), as documented: every request carries `Authorization: Token {key}` and
// `Accept: application/vnd.proxypay.v2+json`. POST /reference_ids reserves a reference number (answered as a bare
// JSON number); PUT /references/{id} with {amount, end_datetime, custom_fields} makes it payable (204); GET /payments
// lists the payments not yet acknowledged (at most 100); DELETE /payments/{id} acknowledges one (204);
// DELETE /references/{id} stops a reference being payable (204).

const TIMEOUT_MS = 10_000;
const ACCEPT = 'application/vnd.proxypay.v2+json';

/** ProxyPay did not do what was asked: unreachable, slow, refusing, or answering something else. */
export class ProxyPayError extends Error {
  override name = 'ProxyPayError';
}

/** One payment of a reference, as ProxyPay posts it to the webhook and lists it in GET /payments. */
export interface ProxyPayPayment {
  /** ProxyPay's id of the payment (what DELETE /payments/{id} acknowledges). */
  id: string;
  referenceId: string;
  /** Kz, as a number (ProxyPay sends "1500.00"). */
  amount: number;
  entityId: string | null;
  customFields: Record<string, unknown>;
}

async function call(config: ProxyPayConfig, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await fetch(`${config.url}${path}`, {
      method,
      headers: {
        authorization: `Token ${config.apiKey}`,
        accept: ACCEPT,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new ProxyPayError(`ProxyPay did not answer ${method} ${path} (${error instanceof Error ? error.name : 'error'})`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ProxyPayError(`ProxyPay refused ${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return { status: response.status, text };
}

/** Reserves a reference number (9 digits), not yet payable. */
export async function reserveReference(config: ProxyPayConfig): Promise<string> {
  const { text } = await call(config, 'POST', '/reference_ids');
  const id = text.trim().replace(/^"|"$/g, '');
  if (!/^\d{9}$/.test(id)) throw new ProxyPayError('ProxyPay answered POST /reference_ids without a reference number');
  return id;
}

/** Makes a reserved reference payable for this amount until `endDatetime`; custom fields name our payment. */
export async function setReference(
  config: ProxyPayConfig,
  referenceId: string,
  input: { amount: number; endDatetime: Date; paymentId: string },
): Promise<void> {
  await call(config, 'PUT', `/references/${referenceId}`, {
    amount: input.amount.toFixed(2),
    end_datetime: input.endDatetime.toISOString(),
    custom_fields: { pagamento_id: input.paymentId },
  });
}

/** Stops a reference being payable (the payer cancelled in the app). A reference ProxyPay no longer has is fine. */
export async function deleteReference(config: ProxyPayConfig, referenceId: string): Promise<void> {
  try {
    await call(config, 'DELETE', `/references/${referenceId}`);
  } catch (error) {
    if (error instanceof ProxyPayError && / HTTP 404 /.test(error.message)) return;
    throw error;
  }
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const idText = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' && /^\d{1,20}$/.test(value) ? value : null;

/** A payment as ProxyPay sends it, or null when the body is not one (no id, no reference, no amount). */
export function readPayment(value: unknown): ProxyPayPayment | null {
  const item = record(value);
  if (!item) return null;
  const id = idText(item.id);
  const referenceId = idText(item.reference_id);
  const raw = item.amount;
  const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+(\.\d{1,2})?$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!id || !referenceId || !Number.isFinite(amount)) return null;
  return { id, referenceId: referenceId.padStart(9, '0'), amount, entityId: idText(item.entity_id), customFields: record(item.custom_fields) ?? {} };
}

/** The payments ProxyPay holds for us, not yet acknowledged; each raw item beside what was read of it. */
export async function listPayments(config: ProxyPayConfig): Promise<{ raw: unknown; payment: ProxyPayPayment | null }[]> {
  const { text } = await call(config, 'GET', '/payments');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProxyPayError('ProxyPay answered GET /payments with something other than JSON');
  }
  if (!Array.isArray(body)) throw new ProxyPayError('ProxyPay answered GET /payments without a list');
  return body.map((raw) => ({ raw, payment: readPayment(raw) }));
}

/** Tells ProxyPay a payment is taken, so GET /payments stops listing it. */
export async function acknowledgePayment(config: ProxyPayConfig, paymentId: string): Promise<void> {
  await call(config, 'DELETE', `/payments/${paymentId}`);
}
