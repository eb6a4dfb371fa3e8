import { useEffect, useEffectEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPaymentAtom } from '../../state/licence.ts';
import { PAYMENT_POLL_MS, paymentEnding } from '../../lib/licence-rules.ts';
import { LicenceDialog } from './LicenceDialog.tsx';

/**
 * The EMIS payment page in a frame (SPEC §4: respostaEmis.id). The page tells its parent how the payment ended
 * (server/payments/page.ts); in case that message never comes (the frame reloaded, an old browser), the app also asks
 * the server every few seconds. Either way a paid payment refreshes the licence, so the page updates without a reload.
 */
export function PaymentFrame({ paymentId, onPaid, onClose }: { paymentId: string; onPaid: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const check = useSetAtom(checkPaymentAtom);
  const paid = useEffectEvent(onPaid);

  useEffect(() => {
    let done = false;
    const settle = async () => {
      if (done) return;
      const estado = await check(paymentId);
      if (estado === 'concluido' && !done) {
        done = true;
        paid();
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin) return;
      if (paymentEnding(event.data, paymentId) === 'concluido') void settle();
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
        <Trans>Depois de pagar, a sua subscrição é actualizada aqui.</Trans>
      </p>
    </LicenceDialog>
  );
}
