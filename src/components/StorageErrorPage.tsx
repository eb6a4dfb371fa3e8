import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { resetLocalStoreAtom } from '../state/storage.ts';

/** Shown when the phone's store will not open (no space, corrupt, blocked): explain, retry, or start over. */
export function StorageErrorPage({ reason }: { reason: string }) {
  const reset = useSetAtom(resetLocalStoreAtom);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="centre-page" role="alert">
      <h1>
        <Trans>Não foi possivel abrir os dados deste telemóvel</Trans>
      </h1>
      <p className="muted">
        {reason === 'QuotaExceededError' ? (
          <Trans>O telemóvel está sem espaço. Liberta espaço (fotos, vídeos, outras apps) e tenta de novo.</Trans>
        ) : (
          <Trans>Fecha outros separadores desta aplicação e tenta de novo.</Trans>
        )}
      </p>
      <div className="row">
        <button type="button" className="button" onClick={() => location.reload()}>
          <Trans>Tentar de novo</Trans>
        </button>
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          <Trans>Apagar dados deste telemóvel</Trans>
        </button>
      </div>
      {confirming && (
        <div className="notice">
          <p>
            <Trans>
              Vais apagar tudo o que este telemóvel guardou, incluindo fichas e mensagens ainda por enviar. O que já foi
              enviado continua na tua conta.
            </Trans>
          </p>
          <button type="button" className="button button-secondary" onClick={() => void reset()}>
            <Trans>Apagar e recomeçar</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
