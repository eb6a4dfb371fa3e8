import { useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { MSG } from '../../../contract/messages.ts';
import { REWARD_MAX_KZ, REWARD_MESSAGE_MAX, REWARD_MIN_KZ, rewardAmountProblem } from '../../../contract/schemas/rewards.ts';
import { newRewardKey, rewardAtom, sendRewardAtom } from '../../state/rewards.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { PENDING } from '../../state/live-atom.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { formatKz } from '../../lib/format.ts';
import { LicenceDialog } from '../licence/LicenceDialog.tsx';
import { PaymentFrame, type PaymentEnding } from '../licence/PaymentFrame.tsx';
import type { StartedPayment } from '../../lib/licence-rules.ts';
import { RewardState } from './RewardState.tsx';
import { brand } from '../../i18n/brand.ts';
import { shownHandle } from '../../../contract/official-account.ts';

const AMOUNT_MESSAGE = { min: MSG.rewardMin, max: MSG.rewardMax, whole: MSG.rewardWhole } as const;

export interface RewardRecipient {
  /** The user's id when known; otherwise the handle names them. */
  id?: string;
  nomeUsuario: string;
}

/** After the payment frame: the reward as the store now has it (concluded, or refunded when the payment was cancelled). */
function Outcome({ paymentId, onClose }: { paymentId: string; onClose: () => void }) {
  const reward = useAtomValue(rewardAtom(paymentId));
  const shown = reward === PENDING ? undefined : reward;
  return (
    <div className="reward-outcome" role="status">
      {shown ? (
        <p>
          <Trans>
            Recompensa de {formatKz(shown.valor)} para @{shownHandle(shown.destinatario.nomeUsuario, brand.locale)}:
          </Trans>{' '}
          <RewardState estado={shown.estado} />
        </p>
      ) : (
        <span className="spinner-small" aria-hidden="true" />
      )}
      <div className="reward-dialog-actions">
        <Link href="/dashboard/recompensas/enviadas" className="button button-secondary">
          <Trans>Ver recompensas enviadas</Trans>
        </Link>
        <button type="button" className="button" onClick={onClose}>
          <Trans>Fechar</Trans>
        </button>
      </div>
    </div>
  );
}

/**
 * "Recompensar": an amount in Kz and an optional message, then "Enviar recompensa" opens the EMIS payment page in a
 * frame (respostaEmis.id); once paid the reward shows as concluded here and in the lists, without a reload. Sending
 * needs the network (it is a payment), so offline the dialog says so and sends nothing.
 */
export function RewardDialog({ recipient, fichaId, onClose }: { recipient: RewardRecipient; fichaId?: string; onClose: () => void }) {
  const { t } = useLingui();
  const online = useAtomValue(onlineAtom);
  const send = useSetAtom(sendRewardAtom);
  const toast = useSetAtom(showToastAtom);
  const [valor, setValor] = useState('');
  const [mensagem, setMensagem] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [payment, setPayment] = useState<StartedPayment | null>(null);
  const [ended, setEnded] = useState(false);
  // One key per reward the user means to send: a retry after a lost answer sends the same reward once.
  const key = useRef(newRewardKey());
  const id = useId();
  // Requests name the real handle; the title shows it as the reader's host does (the official account's alias on en).
  const handle = shownHandle(recipient.nomeUsuario, brand.locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const amount = Number(valor.replace(/\s/g, '').replace(',', '.'));
    const problem = valor.trim() === '' ? 'min' : rewardAmountProblem(amount);
    if (problem) return setError(translateServerMessage(AMOUNT_MESSAGE[problem]));
    if ([...mensagem.trim()].length > REWARD_MESSAGE_MAX) return setError(translateServerMessage(MSG.rewardMessageLength));
    setError(null);
    setSending(true);
    const result = await send({
      destinatario: recipient.id ?? recipient.nomeUsuario,
      valor: amount,
      mensagem: mensagem.trim() || null,
      fichaId: fichaId ?? null,
      idempotencyKey: key.current,
    });
    setSending(false);
    if (result.kind === 'ok') {
      key.current = newRewardKey();
      setPayment(result);
      return;
    }
    setError(translateServerMessage(result.message));
  };

  const paymentEnded = (estado: PaymentEnding) => {
    setEnded(true);
    toast(
      estado === 'concluido'
        ? { kind: 'success', text: t`Recompensa enviada` }
        : estado === 'expirado'
          ? { kind: 'info', text: t`A referência expirou sem pagamento. A recompensa foi reembolsada.` }
          : { kind: 'info', text: t`Pagamento cancelado. A recompensa foi reembolsada.` },
    );
  };

  if (payment && !ended) {
    return (
      <PaymentFrame
        payment={payment}
        purpose="recompensa"
        onEnded={paymentEnded}
        note={<Trans>Depois de pagar, a recompensa é enviada e actualizada aqui.</Trans>}
        onClose={() => setEnded(true)}
      />
    );
  }

  return (
    <LicenceDialog title={t`Recompensar @${handle}`} onClose={onClose}>
      {payment ? (
        <Outcome paymentId={payment.paymentId} onClose={onClose} />
      ) : (
        <form className="reward-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="muted small">
            <Trans>
              Envia entre {formatKz(REWARD_MIN_KZ)} e {formatKz(REWARD_MAX_KZ)}. O pagamento é feito na página da EMIS.
            </Trans>
          </p>
          <div className={error ? 'field field-invalid' : 'field'}>
            <label htmlFor={`${id}-valor`}>
              <Trans>Valor (Kz)</Trans>
            </label>
            <input
              id={`${id}-valor`}
              type="number"
              inputMode="numeric"
              min={REWARD_MIN_KZ}
              max={REWARD_MAX_KZ}
              step={1}
              value={valor}
              onChange={(event) => setValor(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-mensagem`}>
              <Trans>Mensagem (opcional)</Trans>
            </label>
            <textarea
              id={`${id}-mensagem`}
              className="reward-textarea"
              rows={3}
              maxLength={REWARD_MESSAGE_MAX}
              value={mensagem}
              onChange={(event) => setMensagem(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="form-error" role="alert">
              {error}
            </p>
          )}
          {!online && (
            <p className="notice" role="status">
              <Trans>Enviar uma recompensa precisa de internet: o pagamento é feito online. Liga-te para pagar.</Trans>
            </p>
          )}
          <button type="submit" className="button" disabled={!online || sending}>
            <Trans>Enviar recompensa</Trans>
          </button>
        </form>
      )}
    </LicenceDialog>
  );
}
