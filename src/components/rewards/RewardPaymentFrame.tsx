import { useEffect, useEffectEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkRewardPaymentAtom } from '../../state/rewards.ts';
import { PAYMENT_POLL_MS, paymentEnding } from '../../lib/licence-rules.ts';
import { LicenceDialog } from '../licence/LicenceDialog.tsx';

/**
 * A reward's EMIS payment page in a frame (SPEC §4: respostaEmis.id). The page tells its parent how the payment ended;
 * in case that message never comes, the app also asks the server every few seconds. Either way the reward is fetched
 * again once the payment ended, so it shows as concluded (or refunded) without a reload.
 */
export function RewardPaymentFrame({
  paymentId,
  onEnded,
  onClose,
}: {
  paymentId: string;
  onEnded: (estado: 'concluido' | 'cancelado') => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const check = useSetAtom(checkRewardPaymentAtom);
  const ended = useEffectEvent(onEnded);

  useEffect(() => {
    let done = false;
    const settle = async () => {
      if (done) return;
      const estado = await check(paymentId);
      if ((estado === 'concluido' || estado === 'cancelado') && !done) {
        done = true;
        ended(estado);
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin) return;
      if (paymentEnding(event.data, paymentId) !== null) void settle();
    };
    addEventListener('message', onMessage);
    const poll = setInterval(() => void settle(), PAYMENT_POLL_MS);
    return () => {
      done = true;
      removeEventListener('message', onMessage);
      clearInterval(poll);
    };
  }, [paymentId, check]);

  return (
    <LicenceDialog title={t`Pagamento`} onClose={onClose} wide>
      <iframe className="payment-frame" src={`/pagamentos/emis/${encodeURIComponent(paymentId)}`} title={t`Página de pagamento EMIS`} />
      <p className="muted licence-note">
        <Trans>Depois de pagar, a recompensa é enviada e actualizada aqui.</Trans>
      </p>
    </LicenceDialog>
  );
}
