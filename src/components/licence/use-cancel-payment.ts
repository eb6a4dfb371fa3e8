import { useState } from 'react';
import { useSetAtom } from 'jotai';
import type { PaymentState } from '../../../contract/schemas/payments.ts';
import { cancelPaymentAtom } from '../../state/licence.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/**
 * "Cancelar pagamento": gives up a pending payment. Answers the state it ended in (cancelled, or paid or expired
 * meanwhile), or null after telling the user why it could not be cancelled. `cancelling` names the payment in hand.
 */
export function useCancelPayment(): { cancelling: string | null; cancel: (paymentId: string) => Promise<PaymentState | null> } {
  const cancelPayment = useSetAtom(cancelPaymentAtom);
  const toast = useSetAtom(showToastAtom);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const cancel = async (paymentId: string) => {
    setCancelling(paymentId);
    const outcome = await cancelPayment(paymentId);
    setCancelling(null);
    if (outcome.kind === 'ok') return outcome.estado;
    if (outcome.estado && outcome.estado !== 'pendente') return outcome.estado;
    toast({ kind: 'error', text: translateServerMessage(outcome.message) });
    return null;
  };
  return { cancelling, cancel };
}
