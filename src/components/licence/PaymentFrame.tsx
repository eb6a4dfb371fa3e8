import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPaymentAtom } from '../../state/licence.ts';
import { checkRewardPaymentAtom } from '../../state/rewards.ts';
import { PAYMENT_POLL_MS, paymentEnding } from '../../lib/licence-rules.ts';
import { LicenceDialog } from './LicenceDialog.tsx';

type Ending = 'concluido' | 'cancelado';

/**
 * The EMIS payment page in a frame (SPEC §4: respostaEmis.id), for a licence, a group plan or a reward. The page tells
 * its parent how the payment ended (server/payments/page.ts); in case that message never comes (the frame reloaded, an
 * old browser), the app also asks the server every few seconds. The check refreshes what the payment is for (the
 * licence, or the reward), so the screen updates without a reload. `onPaid` hears of a paid payment; `onEnded`, when
 * given, of a cancelled one too.
 */
export function PaymentFrame({
  paymentId,
  onPaid,
  onEnded,
  purpose = 'licenca',
  note,
  onClose,
}: {
  paymentId: string;
  onPaid?: () => void;
  onEnded?: (estado: Ending) => void;
  purpose?: 'licenca' | 'recompensa';
  note?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const checkLicence = useSetAtom(checkPaymentAtom);
  const checkReward = useSetAtom(checkRewardPaymentAtom);
  const check = purpose === 'recompensa' ? checkReward : checkLicence;
  const ended = useEffectEvent((estado: Ending) => {
    if (estado === 'concluido') onPaid?.();
    onEnded?.(estado);
  });
  const watchesCancel = onEnded !== undefined;

  useEffect(() => {
    let done = false;
    const settle = async () => {
      if (done) return;
      const estado = await check(paymentId);
      if ((estado === 'concluido' || (watchesCancel && estado === 'cancelado')) && !done) {
        done = true;
        ended(estado);
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin) return;
      const ending = paymentEnding(event.data, paymentId);
      if (ending === 'concluido' || (watchesCancel && ending !== null)) void settle();
    };
    addEventListener('message', onMessage);
    const poll = setInterval(() => void settle(), PAYMENT_POLL_MS);
    return () => {
      done = true;
      removeEventListener('message', onMessage);
      clearInterval(poll);
    };
  }, [paymentId, check, watchesCancel]);

  return (
    <LicenceDialog title={t`Pagamento`} onClose={onClose} wide>
      <iframe className="payment-frame" src={`/pagamentos/emis/${encodeURIComponent(paymentId)}`} title={t`Página de pagamento EMIS`} />
      <p className="muted licence-note">{note ?? <Trans>Depois de pagar, a sua subscrição é actualizada aqui.</Trans>}</p>
    </LicenceDialog>
  );
}
