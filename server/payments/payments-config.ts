import { z } from 'zod';

// PAYMENTS, EMIS_GPO_* and PROXYPAY_*: which gateway takes the money. `simulated` is our own payment page (the demo
// default: anyone can press Pagar), `emis-gpo` EMIS's Gateway de Pagamentos Online (its payment frame and its
// callback), `proxypay` Multicaixa references through ProxyPay (paid at an ATM or in a bank's app; its signed webhook
// and a poll), `off` starts no payment (503). docs/operations.md "Payments" says how a merchant configures each.

export const paymentsEnvShape = {
  PAYMENTS: z.enum(['simulated', 'emis-gpo', 'proxypay', 'off'], { error: 'expected simulated, emis-gpo, proxypay or off' }).optional(),
  EMIS_GPO_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. https://pagamentonline.emis.co.ao/online-payment-gateway' })
    .default('https://pagamentonline.emis.co.ao/online-payment-gateway'),
  EMIS_GPO_FRAME_TOKEN: z.string().regex(/^[0-9A-Za-z-]{8,64}$/, 'expected the frame token EMIS issued for your point of sale (letters, digits and -)').optional(),
  EMIS_GPO_POS_ID: z.string().regex(/^\d{1,12}$/, 'expected the numeric id of your EMIS point of sale').optional(),
  PROXYPAY_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. https://api.proxypay.co.ao (or https://api.sandbox.proxypay.co.ao)' })
    .default('https://api.proxypay.co.ao'),
  PROXYPAY_API_KEY: z.string().regex(/^[0-9A-Za-z]{16,128}$/, 'expected the API key ProxyPay issued (letters and digits)').optional(),
  PROXYPAY_ENTITY: z.string().regex(/^\d{5}$/, 'expected the 5-digit entity number ProxyPay gave you (shown to the payer)').optional(),
  PROXYPAY_POLL_INTERVAL_S: z.coerce.number().int().min(5, 'expected at least 5 seconds').max(3600, 'expected at most 3600 seconds').default(60),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnvShape>>;

export interface EmisGpoConfig {
  /** The gateway's base, no trailing slash: {url}/portal/frameToken, {url}/portal/frame?token=… */
  url: string;
  frameToken: string;
  posId: string;
  /** Where GPO posts outcomes and fetches the frame's stylesheet: the first PUBLIC_URL. */
  publicUrl: string;
}

export interface ProxyPayConfig {
  /** The API's base, no trailing slash: {url}/reference_ids, {url}/references/{id}, {url}/payments. */
  url: string;
  /** Sent as `Authorization: Token {apiKey}`, and the key of the webhook's HMAC-SHA256 signature. */
  apiKey: string;
  /** The entity number the payer types at the ATM with the reference. */
  entity: string;
  /** Where ProxyPay posts each payment (registered with ProxyPay): the first PUBLIC_URL. */
  publicUrl: string;
  /** How often the poll asks ProxyPay for payments not yet acknowledged (a webhook lost while we were down). */
  pollIntervalMs: number;
}

export type PaymentsConfig =
  | { payments: 'simulated' | 'off'; emisGpo: null; proxyPay: null }
  | { payments: 'emis-gpo'; emisGpo: EmisGpoConfig; proxyPay: null }
  | { payments: 'proxypay'; emisGpo: null; proxyPay: ProxyPayConfig };

const missing = (key: string, gateway: string) => `  ${key}: required with PAYMENTS=${gateway}`;

/** The payment settings, or the lines that say what is wrong with them. */
export function resolvePaymentsConfig(e: PaymentsEnv, options: { demo: boolean; publicUrls: string[] }): PaymentsConfig | string[] {
  const payments = e.PAYMENTS ?? (options.demo ? 'simulated' : 'off');
  if (payments === 'simulated' || payments === 'off') return { payments, emisGpo: null, proxyPay: null };
  const publicUrl = options.publicUrls[0];
  if (payments === 'emis-gpo') {
    const problems = (['EMIS_GPO_FRAME_TOKEN', 'EMIS_GPO_POS_ID'] as const).filter((key) => !e[key]).map((key) => missing(key, payments));
    if (!publicUrl) problems.push('  PUBLIC_URL: required with PAYMENTS=emis-gpo (EMIS posts each payment\'s outcome to it)');
    if (problems.length > 0 || !e.EMIS_GPO_FRAME_TOKEN || !e.EMIS_GPO_POS_ID || !publicUrl) return problems;
    return {
      payments,
      emisGpo: { url: e.EMIS_GPO_URL.replace(/\/+$/, ''), frameToken: e.EMIS_GPO_FRAME_TOKEN, posId: e.EMIS_GPO_POS_ID, publicUrl },
      proxyPay: null,
    };
  }
  const problems = (['PROXYPAY_API_KEY', 'PROXYPAY_ENTITY'] as const).filter((key) => !e[key]).map((key) => missing(key, payments));
  if (!publicUrl) problems.push('  PUBLIC_URL: required with PAYMENTS=proxypay (ProxyPay posts each payment to its webhook there)');
  if (problems.length > 0 || !e.PROXYPAY_API_KEY || !e.PROXYPAY_ENTITY || !publicUrl) return problems;
  return {
    payments,
    emisGpo: null,
    proxyPay: {
      url: e.PROXYPAY_URL.replace(/\/+$/, ''),
      apiKey: e.PROXYPAY_API_KEY,
      entity: e.PROXYPAY_ENTITY,
      publicUrl,
      pollIntervalMs: e.PROXYPAY_POLL_INTERVAL_S * 1000,
    },
  };
}
