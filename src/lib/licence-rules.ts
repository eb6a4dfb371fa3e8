import { ANGOLA_TIME_ZONE } from '../../contract/angola-time.ts';
import { EXPIRY_WARNING_MS, LICENCE_CODE_LENGTH } from '../../contract/limits.ts';
import type { LicenceState, PaymentStartResponse } from '../../contract/schemas/licence.ts';
import type { ReferenciaMulticaixa } from '../../contract/schemas/payments.ts';

// The subscription page's rules (SPEC §4 "Subscription estado", §9), kept free of React and the store so that the
// timers can be tested with fake clocks.

/** The time flag (timeExpired) turns true this long after a licence loads (SPEC §4). */
const LICENCE_TIME_FLAG_MS = 20_000;
/** A pending licence's payment popup opens when the time flag turns true (SPEC §9: 20 s if pending). */
const PENDING_POPUP_DELAY_MS = LICENCE_TIME_FLAG_MS;
/** An expired licence's popup opens this long after the page shows it (SPEC §9). */
const EXPIRED_POPUP_DELAY_MS = 2_000;
/** A payment button stays disabled this long after a press, so a double tap does not start two payments (SPEC §4). */
export const PAYMENT_BUTTON_PAUSE_MS = 3_000;
/** While the payment frame is open the app also asks the server how the payment went, in case no message arrives. */
export const PAYMENT_POLL_MS = 3_000;
/** A Multicaixa reference is paid away from the phone (an ATM, a bank's app): its state is asked every 10 s. */
export const REFERENCE_POLL_MS = 10_000;

/** Expiry within 3 days and not yet past (SPEC §4); false without an expiry. */
export function isExpiring(expiraEm: string | null, now: number): boolean {
  if (!expiraEm) return false;
  const expiry = Date.parse(expiraEm);
  if (Number.isNaN(expiry)) return false;
  return expiry > now && expiry - now <= EXPIRY_WARNING_MS;
}

/**
 * The state the page shows: the server's estado, except that a `habilitada` licence whose expiry passed while the
 * page stayed open (or while the phone was offline) reads as `expirada`, as the server would answer.
 */
export function effectiveState(estado: LicenceState, expiraEm: string | null, now: number): LicenceState {
  if (estado !== 'habilitada' || !expiraEm) return estado;
  const expiry = Date.parse(expiraEm);
  return !Number.isNaN(expiry) && expiry <= now ? 'expirada' : estado;
}

type LicencePrompt =
  /** pendente: a welcome toast now, the payment popup after 20 s. */
  | { toast: 'welcome'; popupAfterMs: number }
  /** expirada: a warning toast with the expiry date now, the popup after 2 s. */
  | { toast: 'expired'; popupAfterMs: number }
  /** habilitada and bloqueada: nothing happens by itself. */
  | null;

/** What the page does by itself when it shows a licence in this state (SPEC §4). */
function promptFor(state: LicenceState): LicencePrompt {
  if (state === 'pendente') return { toast: 'welcome', popupAfterMs: PENDING_POPUP_DELAY_MS };
  if (state === 'expirada') return { toast: 'expired', popupAfterMs: EXPIRED_POPUP_DELAY_MS };
  return null;
}

/** Renewal and the promo code are offered when the licence is not blocked; an expired one needs them. */
export function canRenew(state: LicenceState): boolean {
  return state !== 'bloqueada';
}

interface PromptHandlers {
  toast: (kind: 'welcome' | 'expired') => void;
  openPopup: () => void;
  /** The time flag of SPEC §4: true 20 s after the licence loaded. */
  timeFlag?: () => void;
}

/**
 * Runs the prompts of a licence that just loaded: the toast at once, the popup and the time flag later. Returns the
 * function that cancels what has not happened yet (the page closed, or another licence loaded).
 */
export function schedulePrompts(state: LicenceState, handlers: PromptHandlers): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const { timeFlag } = handlers;
  if (timeFlag) timers.push(setTimeout(timeFlag, LICENCE_TIME_FLAG_MS));
  const prompt = promptFor(state);
  if (prompt) {
    handlers.toast(prompt.toast);
    timers.push(setTimeout(handlers.openPopup, prompt.popupAfterMs));
  }
  return () => timers.forEach(clearTimeout);
}

/** One box of the promo code: its last character typed, uppercased; anything but a letter or digit is dropped. */
export function codeCharacter(typed: string): string {
  const last = typed.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(-1);
  return last;
}

/** The five boxes as one code, or the 1-based numbers of the boxes still empty (SPEC §5: all required). */
export function codeFromBoxes(boxes: readonly string[]): { ok: true; code: string } | { ok: false; missing: number[] } {
  const missing: number[] = [];
  for (let index = 0; index < LICENCE_CODE_LENGTH; index += 1) {
    if (!codeCharacter(boxes[index] ?? '')) missing.push(index + 1);
  }
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, code: boxes.map(codeCharacter).join('') };
}

/** The message the payment page posts to its parent when a payment ends (server/payments/page.ts). */
export function paymentEnding(data: unknown, paymentId: string): 'concluido' | 'cancelado' | null {
  if (!data || typeof data !== 'object') return null;
  const { tipo, id, estado } = data as Record<string, unknown>;
  if (tipo !== 'emis' || id !== paymentId) return null;
  return estado === 'concluido' || estado === 'cancelado' ? estado : null;
}

/** The expiry as a date and time in Angola's time (the product's clock, SPEC §9), in the page's language. */
export function formatExpiry(expiraEm: string, locale: string): string {
  const date = new Date(expiraEm);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: ANGOLA_TIME_ZONE }).format(date);
}

/** A payment the app shows: our payment's id, and the Multicaixa reference to pay when there is no frame to pay in. */
export interface StartedPayment {
  paymentId: string;
  multicaixa?: ReferenciaMulticaixa;
}

/** What a payment-starting call answered (SPEC §3 respostaEmis), as the app shows it. */
export function startedPayment(respostaEmis: PaymentStartResponse['respostaEmis']): StartedPayment {
  const paymentId = respostaEmis.pagamentoId ?? respostaEmis.id;
  return respostaEmis.multicaixa ? { paymentId, multicaixa: respostaEmis.multicaixa } : { paymentId };
}
