import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentState } from '../../../contract/schemas/payments.ts';
import { checkPaymentAtom, refreshPaymentsAtom } from '../../state/licence.ts';
import { checkRewardPaymentAtom } from '../../state/rewards.ts';
import { PAYMENT_POLL_MS, REFERENCE_POLL_MS, paymentEnding, type StartedPayment } from '../../lib/licence-rules.ts';
import { LicenceDialog } from './LicenceDialog.tsx';
import { MulticaixaReference } from './MulticaixaReference.tsx';

/** How a payment ended: paid, given up or refused, or (a Multicaixa reference) not paid in time. */
export type PaymentEnding = Exclude<PaymentState, 'pendente'>;

/**
 * The EMIS payment page in a frame (SPEC §4: respostaEmis.id), for a licence, a group plan or a reward; for a
 * Multicaixa reference (PAYMENTS=proxypay) the reference to pay instead of a frame. The page tells its parent how the
 * payment ended (server/payments/page.ts); in case that message never comes (the frame reloaded, an old browser, a
 * reference paid at an ATM), the app also asks the server every few seconds. The check refreshes what the payment is
 * for (the licence, or the reward), so the screen updates without a reload. `onPaid` hears of a paid payment;
 * `onEnded`, when given, of one that ended otherwise too.
 */
export function PaymentFrame({
  payment,
  onPaid,
  onEnded,
  purpose = 'licenca',
  note,
  said,
  onClose,
}: {
  payment: StartedPayment;
  onPaid?: () => void;
  onEnded?: (estado: PaymentEnding) => void;
  purpose?: 'licenca' | 'recompensa';
  note?: ReactNode;
  /** What the server said on starting the payment ('Faça o pagamento…'), said here once rather than in a toast. */
  said?: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const shownNote = (
    <p className="muted licence-note">
      {said && <span>{said}</span>} <span>{note ?? <Trans>Depois de pagar, a sua subscrição é actualizada aqui.</Trans>}</span>
    </p>
  );
  const checkLicence = useSetAtom(checkPaymentAtom);
  const checkReward = useSetAtom(checkRewardPaymentAtom);
  const check = purpose === 'recompensa' ? checkReward : checkLicence;
  const [estado, setEstado] = useState<PaymentState>('pendente');
  const { paymentId, multicaixa } = payment;
  const finish = (ending: PaymentEnding) => {
    setEstado(ending);
    if (ending === 'concluido') onPaid?.();
    onEnded?.(ending);
  };
  const ended = useEffectEvent(finish);
  const watchesEnd = onEnded !== undefined || multicaixa !== undefined;
  const refreshPayments = useSetAtom(refreshPaymentsAtom);
  // The screen's payment list shows this payment from now on, and as it stands once the dialog closes.
  useEffect(() => {
    void refreshPayments(true);
    return () => void refreshPayments(true);
  }, [paymentId, refreshPayments]);

  useEffect(() => {
    let done = false;
    const settle = async () => {
      if (done) return;
      const now = await check(paymentId);
      if (now && now !== 'pendente' && (now === 'concluido' || watchesEnd) && !done) {
        done = true;
        ended(now);
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin) return;
      const ending = paymentEnding(event.data, paymentId);
      if (ending === 'concluido' || (watchesEnd && ending !== null)) void settle();
    };
    addEventListener('message', onMessage);
    // A reference is paid away from the phone, often much later: asked less often than a frame being paid now.
    const poll = setInterval(() => void settle(), multicaixa ? REFERENCE_POLL_MS : PAYMENT_POLL_MS);
    return () => {
      done = true;
      removeEventListener('message', onMessage);
      clearInterval(poll);
    };
  }, [paymentId, multicaixa, check, watchesEnd]);

  if (multicaixa) {
    return (
      <LicenceDialog title={t`Pagamento por referência`} onClose={onClose} wide>
        <MulticaixaReference paymentId={paymentId} reference={multicaixa} estado={estado} onCancelled={(now) => now !== 'pendente' && finish(now)} />
        {shownNote}
      </LicenceDialog>
    );
  }
  return (
    <LicenceDialog title={t`Pagamento`} onClose={onClose} wide>
      <iframe className="payment-frame" src={`/pagamentos/emis/${encodeURIComponent(paymentId)}`} title={t`Página de pagamento EMIS`} />
      {shownNote}
    </LicenceDialog>
  );
}
