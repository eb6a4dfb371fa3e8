import { useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileButton } from '../FileButton.tsx';
import type { Licenca } from '../../../contract/schemas/licence.ts';
import { PAYMENT_PROOF_MAX } from '../../../contract/limits.ts';
import { sendPaymentProofAtom } from '../../state/licence.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { fileToDataUrl } from '../../lib/file-to-data-url.ts';
import { formatExpiry } from '../../lib/licence-rules.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/**
 * Paying by bank transfer (SPEC §4 payment-proof flow): 1 or 2 images of the proof for a moderator to approve. Once
 * sent they show read-only until the moderator decides.
 */
export function PaymentProof({ licence, online }: { licence: Licenca; online: boolean }) {
  const { t, i18n } = useLingui();
  const send = useSetAtom(sendPaymentProofAtom);
  const toast = useSetAtom(showToastAtom);
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sent = licence.transferencia.solicitacao;
  const countMessage = t`Adiciona até 2 cópias do comprovativo de pagamento`;
  const inputId = useId();

  if (sent) {
    const at = formatExpiry(sent, i18n.locale === 'en' ? 'en-GB' : 'pt-PT');
    return (
      <div className="licence-proof">
        <p>
          <Trans>Comprovativo enviado em {at}. A activação pode levar até 30 minutos.</Trans>
        </p>
        <ul className="licence-proof-images">
          {licence.transferencia.comprovativo.map((src, index) => {
            const number = index + 1;
            return (
              <li key={index}>
                <img src={src} alt={t`Comprovativo ${number}`} />
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  const add = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (images.length + chosen.length > PAYMENT_PROOF_MAX) {
      setError(countMessage);
      return;
    }
    setError(null);
    const urls = await Promise.all(chosen.map(fileToDataUrl));
    setImages((list) => [...list, ...urls].slice(0, PAYMENT_PROOF_MAX));
  };

  const submit = async () => {
    if (images.length < 1 || images.length > PAYMENT_PROOF_MAX) {
      setError(countMessage);
      return;
    }
    setSending(true);
    const outcome = await send(images);
    setSending(false);
    if (outcome.kind === 'ok') {
      setImages([]);
      setError(null);
      toast({ kind: 'success', text: t`Activação solicitada com sucesso, aguarde até 30 minutos` });
    } else if (outcome.kind === 'refused' && outcome.tipo) {
      setError(t`Verifique a imagem que enviou`);
    } else {
      setError(translateServerMessage(outcome.message));
    }
  };

  return (
    <form
      className="licence-proof form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="field-hint">
        <Trans>Pagou por transferência bancária? Envie o comprovativo e um moderador activa a sua subscrição.</Trans>
      </p>
      <div className="field">
        <label htmlFor={inputId}>
          <Trans>Comprovativo (1 ou 2 imagens)</Trans>
        </label>
        <div>
          <FileButton
            id={inputId}
            accept="image/*"
            multiple
            disabled={images.length >= PAYMENT_PROOF_MAX}
            onChange={(event) => {
              void add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          >
            <Trans>Adicionar imagem</Trans>
          </FileButton>
        </div>
      </div>
      {images.length > 0 && (
        <ul className="licence-proof-images">
          {images.map((src, index) => {
            const number = index + 1;
            return (
              <li key={index}>
                <img src={src} alt={t`Comprovativo ${number}`} />
                <button type="button" className="button button-secondary button-small" onClick={() => setImages((list) => list.filter((_, at) => at !== index))}>
                  <Trans>Remover comprovativo {number}</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={sending || !online}>
        <Trans>Enviar comprovativo</Trans>
      </button>
    </form>
  );
}
