import { atom } from 'jotai';
import type { Licenca, LicencePlan } from '../../contract/schemas/licence.ts';
import type { Pagamento } from '../../contract/schemas/payments.ts';
import type { StartedPayment } from '../lib/licence-rules.ts';
import { db } from '../db/instance.ts';
import { loadSync } from './lazy-sync.ts';
import { liveAtom } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';

// The subscription (SPEC §3, §4): the licence as this phone last stored it, and the page's actions. Reads come from
// the store, so the page shows the licence offline; the actions need the network and answer at once.

/** The signed-in user's licence; null when this phone never loaded it. */
export const licenceAtom = personalAtom<Licenca | null>(null, () =>
  db.kv.get('licence').then((record) => (record?.key === 'licence' ? record.value : null)),
);

/** When the licence was last refreshed, and why the last try failed. */
export const licenceMetaAtom = liveAtom(() => db.syncMeta.get('licence'));

export const refreshLicenceAtom = atom(null, async (_get, _set, force: boolean) => (await loadSync()).refreshLicence(db, { force }));

type LicenceOutcome =
  | { kind: 'ok'; message: string }
  | { kind: 'refused'; message: string; tipo: string | null }
  | { kind: 'network'; message: string };

export const activateTrialAtom = atom(null, async (): Promise<LicenceOutcome> => (await loadSync()).activateTrial(db));

export const redeemCodeAtom = atom(null, async (_get, _set, code: string): Promise<LicenceOutcome> => (await loadSync()).redeemCode(db, code));

export const sendPaymentProofAtom = atom(
  null,
  async (_get, _set, images: string[]): Promise<LicenceOutcome> => (await loadSync()).sendPaymentProof(db, images),
);

type RenewalOutcome = ({ kind: 'ok'; message: string } & StartedPayment) | Exclude<LicenceOutcome, { kind: 'ok' }>;

export const renewLicenceAtom = atom(null, async (_get, _set, plan: LicencePlan): Promise<RenewalOutcome> => (await loadSync()).renewLicence(plan));

/** How a payment opened in the frame stands; a paid one refreshes the licence first. */
export const checkPaymentAtom = atom(null, async (_get, _set, paymentId: string) => (await loadSync()).checkPayment(db, paymentId));

/** The payer gives up a pending payment (needs the network; never queued). */
export const cancelPaymentAtom = atom(null, async (_get, _set, paymentId: string) => (await loadSync()).cancelPayment(db, paymentId));

/** The user's latest payments as this phone last stored them (newest first); empty when never loaded. */
export const paymentsAtom = personalAtom<Pagamento[]>([], () =>
  db.kv.get('payments').then((record) => (record?.key === 'payments' && Array.isArray(record.value) ? record.value : [])),
);

export const refreshPaymentsAtom = atom(null, async (_get, _set, force: boolean) => (await loadSync()).refreshPayments(db, { force }));

interface SubscriptionNotice {
  tipo: string;
  message: string;
}

const noticeBaseAtom = atom<SubscriptionNotice | null>(null);

// Listens to every refusal of the app's calls while something shows the notice (the shell, for a signed-in user).
noticeBaseAtom.onMount = (set) => {
  let stop: (() => void) | null = null;
  let unmounted = false;
  void loadSync().then((sync) => {
    if (!unmounted) stop = sync.onSubscriptionRefusal((refusal) => set(refusal));
  });
  return () => {
    unmounted = true;
    stop?.();
  };
};

/** The subscription notice (SPEC §8 'Verifique a sua subscrição'): the last answer that carried `tipo` and `message`. */
export const subscriptionNoticeAtom = atom(
  (get) => get(noticeBaseAtom),
  (_get, set, next: null) => set(noticeBaseAtom, next),
);
