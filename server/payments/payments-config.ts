import { z } from 'zod';

// PAYMENTS and EMIS_GPO_*: which gateway takes the money. `simulated` is our own payment page (the demo default:
// anyone can press Pagar), `emis-gpo` EMIS's Gateway de Pagamentos Online (its payment frame and its callback), `off`
// starts no payment (503). docs/operations.md "Payments" says how a merchant configures each.

export const paymentsEnvShape = {
  PAYMENTS: z.enum(['simulated', 'emis-gpo', 'off'], { error: 'expected simulated, emis-gpo or off' }).optional(),
  EMIS_GPO_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. https://pagamentonline.emis.co.ao/online-payment-gateway' })
    .default('https://pagamentonline.emis.co.ao/online-payment-gateway'),
  EMIS_GPO_FRAME_TOKEN: z.string().regex(/^[0-9A-Za-z-]{8,64}$/, 'expected the frame token EMIS issued for your point of sale (letters, digits and -)').optional(),
  EMIS_GPO_POS_ID: z.string().regex(/^\d{1,12}$/, 'expected the numeric id of your EMIS point of sale').optional(),
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

export type PaymentsConfig = { payments: 'simulated' | 'off'; emisGpo: null } | { payments: 'emis-gpo'; emisGpo: EmisGpoConfig };

/** The payment settings, or the lines that say what is wrong with them. */
export function resolvePaymentsConfig(e: PaymentsEnv, options: { demo: boolean; publicUrls: string[] }): PaymentsConfig | string[] {
  const payments = e.PAYMENTS ?? (options.demo ? 'simulated' : 'off');
  if (payments !== 'emis-gpo') return { payments, emisGpo: null };
  const problems = (['EMIS_GPO_FRAME_TOKEN', 'EMIS_GPO_POS_ID'] as const).filter((key) => !e[key]).map((key) => `  ${key}: required with PAYMENTS=emis-gpo`);
  const publicUrl = options.publicUrls[0];
  if (!publicUrl) problems.push('  PUBLIC_URL: required with PAYMENTS=emis-gpo (EMIS posts each payment\'s outcome to it)');
  if (problems.length > 0 || !e.EMIS_GPO_FRAME_TOKEN || !e.EMIS_GPO_POS_ID || !publicUrl) return problems;
  return {
    payments,
    emisGpo: { url: e.EMIS_GPO_URL.replace(/\/+$/, ''), frameToken: e.EMIS_GPO_FRAME_TOKEN, posId: e.EMIS_GPO_POS_ID, publicUrl },
  };
}
