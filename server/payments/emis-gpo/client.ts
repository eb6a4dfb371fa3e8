import type { EmisGpoConfig } from '../payments-config.ts';

// EMIS GPO's portal API: POST {EMIS_GPO_URL}/portal/frameToken with the merchant's frame token, our reference, the
// amount in Kz, the channels the frame offers, where to post the outcome and the frame's stylesheet (GPO refuses a
// request without one); it answers {id, timeToLive}, and the payer opens {EMIS_GPO_URL}/portal/frame?token={id}.
// Asked once, never again on a failure: two live frames for one reference could both be paid.

const TIMEOUT_MS = 10_000;

/** What the frame offers: Multicaixa Express by phone and the QR code; the card needs its own contract with EMIS. */
export const GPO_CHANNELS = { mobile: 'PAYMENT', qrCode: 'PAYMENT', card: 'DISABLED' } as const;

/** GPO did not give a frame: unreachable, slow, refusing, or answering something else. */
export class GpoError extends Error {
  override name = 'GpoError';
}

export interface FrameRequest {
  reference: string;
  amount: number;
  callbackUrl: string;
}

/** The stylesheet GPO applies to its frame (served by us, server/payments/emis-gpo/callback.ts). */
export function frameStylesheetUrl(config: EmisGpoConfig): string {
  return `${config.publicUrl}/pagamentos/emis-gpo.css`;
}

export function frameUrl(config: EmisGpoConfig, token: string): string {
  return `${config.url}/portal/frame?token=${encodeURIComponent(token)}`;
}

/** How long a frame lasts when GPO does not say (its documented time to live is five minutes). */
const DEFAULT_FRAME_LIFE_MS = 5 * 60 * 1000;

/** Asks GPO for a payment frame: its id is what the payer opens, for `lifeMs` (GPO's timeToLive). */
export async function requestFrameToken(config: EmisGpoConfig, request: FrameRequest): Promise<{ id: string; lifeMs: number }> {
  let response: Response;
  try {
    response = await fetch(`${config.url}/portal/frameToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        reference: request.reference,
        amount: request.amount,
        token: config.frameToken,
        ...GPO_CHANNELS,
        callbackUrl: request.callbackUrl,
        cssUrl: frameStylesheetUrl(config),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new GpoError(`EMIS GPO did not answer (${error instanceof Error ? error.name : 'error'})`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new GpoError(`EMIS GPO refused the frame: HTTP ${response.status} ${text.slice(0, 200)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new GpoError('EMIS GPO answered something other than JSON');
  }
  const { id, timeToLive } = typeof body === 'object' && body !== null ? (body as { id?: unknown; timeToLive?: unknown }) : {};
  if (typeof id !== 'string' || !/^[0-9A-Za-z-]{1,100}$/.test(id)) throw new GpoError('EMIS GPO answered without a frame id');
  const life = typeof timeToLive === 'number' && Number.isFinite(timeToLive) && timeToLive > 0 ? Math.min(timeToLive, 24 * 3600 * 1000) : DEFAULT_FRAME_LIFE_MS;
  return { id, lifeMs: life };
}
