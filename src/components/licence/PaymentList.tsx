import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Pagamento, PaymentState } from '../../../contract/schemas/payments.ts';
import { calendarDay } from '../../../contract/calendar-day.ts';
import { paymentsAtom } from '../../state/licence.ts';
import { PENDING } from '../../state/live-atom.ts';
import { onlineAtom } from '../../state/network.ts';
import { formatKz } from '../../lib/format.ts';
import type { StartedPayment } from '../../lib/licence-rules.ts';
import { useCancelPayment } from './use-cancel-payment.ts';
import './licence.css';

/**
 * The user's payments for one thing (the subscription, a group's plan), newest first, each with its state: à espera,
 * pago, cancelado or expirado. A pending one can be resumed (its frame, or its Multicaixa reference, opens again) or
 * given up. Read from the store, so it shows offline as last seen; the actions need the network.
 */
export function PaymentList({
  which,
  onResume,
  limit = 5,
}: {
  which: (payment: Pagamento) => boolean;
  onResume: (payment: StartedPayment) => void;
  limit?: number;
}) {
  const { t, i18n } = useLingui();
  const stored = useAtomValue(paymentsAtom);
  const online = useAtomValue(onlineAtom);
  const { cancelling, cancel } = useCancelPayment();
  const titleId = useId();
  const payments = stored === PENDING ? [] : stored.filter(which).slice(0, limit);
  if (payments.length === 0) return null;
  const stateLabel: Record<PaymentState, string> = { pendente: t`À espera`, concluido: t`Pago`, cancelado: t`Cancelado`, expirado: t`Expirado` };

  return (
    <section className="payment-list" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        <Trans>Pagamentos</Trans>
      </h2>
      <ul>
        {payments.map((payment) => (
          <li key={payment.id} className="payment-item">
            <div className="payment-item-text">
              <span className="payment-item-what">{payment.descricao}</span>
              <span className="muted small">
                {formatKz(payment.valor)} · {calendarDay(payment.createdAt, i18n.locale)}
              </span>
            </div>
            <span className={`payment-state payment-state-${payment.estado}`}>{stateLabel[payment.estado]}</span>
            {payment.estado === 'pendente' && (
              <div className="payment-item-actions">
                <button
                  type="button"
                  className="button"
                  disabled={!online}
                  onClick={() => onResume(payment.multicaixa ? { paymentId: payment.id, multicaixa: payment.multicaixa } : { paymentId: payment.id })}
                >
                  <Trans>Continuar pagamento</Trans>
                </button>
                <button type="button" className="button button-secondary" disabled={!online || cancelling === payment.id} onClick={() => void cancel(payment.id)}>
                  <Trans>Cancelar pagamento</Trans>
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
