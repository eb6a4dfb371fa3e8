import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentState, ReferenciaMulticaixa } from '../../../contract/schemas/payments.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { formatExpiry } from '../../lib/licence-rules.ts';
import { groupedReference } from '../../../contract/multicaixa.ts';
import { formatKz } from '../../lib/format.ts';
import { useCancelPayment } from './use-cancel-payment.ts';

/**
 * A Multicaixa reference to pay outside the app (PAYMENTS=proxypay), shown in place of the payment frame: entity,
 * reference and amount, each with a copy button, and until when it can be paid. The payer can give it up
 * (Cancelar pagamento); once paid, the screen hears of it as from the frame.
 */
export function MulticaixaReference({
  paymentId,
  reference,
  estado,
  onCancelled,
}: {
  paymentId: string;
  reference: ReferenciaMulticaixa;
  estado: PaymentState;
  onCancelled: (estado: PaymentState) => void;
}) {
  const { t, i18n } = useLingui();
  const online = useAtomValue(onlineAtom);
  const toast = useSetAtom(showToastAtom);
  const { cancelling, cancel } = useCancelPayment();
  const [copied, setCopied] = useState<string | null>(null);
  const locale = i18n.locale === 'en' ? 'en-GB' : 'pt-PT';
  const until = formatExpiry(reference.expiraEm, locale);

  const copy = async (what: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(what);
    } catch {
      toast({ kind: 'error', text: t`Não foi possível copiar. Selecciona o número e copia-o.` });
    }
  };

  const giveUp = async () => {
    const ended = await cancel(paymentId);
    if (ended) onCancelled(ended);
  };

  const rows: { what: string; label: string; shown: string; value: string; copyLabel: string }[] = [
    { what: 'entidade', label: t`Entidade`, shown: reference.entidade, value: reference.entidade, copyLabel: t`Copiar entidade` },
    { what: 'referencia', label: t`Referência`, shown: groupedReference(reference.referencia), value: reference.referencia, copyLabel: t`Copiar referência` },
    { what: 'valor', label: t`Valor`, shown: formatKz(reference.valor), value: String(reference.valor), copyLabel: t`Copiar valor` },
  ];

  return (
    <div className="multicaixa">
      <p className="multicaixa-lead">
        <Trans>Pague num Multicaixa ou na app do seu banco, em Pagamentos, Pagamento por referência.</Trans>
      </p>
      <dl className="multicaixa-facts">
        {rows.map((row) => (
          <div className="multicaixa-row" key={row.what}>
            <dt>{row.label}</dt>
            <dd>
              <span className="multicaixa-value">{row.shown}</span>
              <button type="button" className="button button-secondary" aria-label={row.copyLabel} onClick={() => void copy(row.what, row.value)}>
                {copied === row.what ? <Trans>Copiado</Trans> : <Trans>Copiar</Trans>}
              </button>
            </dd>
          </div>
        ))}
        <div className="multicaixa-row">
          <dt>
            <Trans>Válida até</Trans>
          </dt>
          <dd>{until}</dd>
        </div>
      </dl>
      <p className="multicaixa-state" role="status">
        {estado === 'expirado' ? (
          <Trans>Esta referência expirou sem pagamento. Peça outra para pagar.</Trans>
        ) : estado === 'cancelado' ? (
          <Trans>Pagamento cancelado</Trans>
        ) : estado === 'concluido' ? (
          <Trans>Pagamento concluído</Trans>
        ) : (
          <Trans>À espera do pagamento. Quando pagar, actualizamos aqui.</Trans>
        )}
      </p>
      {estado === 'pendente' && (
        <button type="button" className="button button-secondary" onClick={() => void giveUp()} disabled={cancelling === paymentId || !online}>
          <Trans>Cancelar pagamento</Trans>
        </button>
      )}
    </div>
  );
}
