import { useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { discardEntryAtom, myOutboxAtom, retryEntryAtom, type SyncState } from '../../state/outbox.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';
import { useModal } from '../use-modal.ts';
import { FALLBACK_LABEL, OUTBOX_LABELS } from './outbox-labels.ts';

function StateLabel({ state }: { state: SyncState }) {
  if (state === 'sending') return <Trans>A enviar...</Trans>;
  if (state === 'paused') return <Trans>À espera que voltes a entrar</Trans>;
  if (state === 'rejected') return <Trans>Recusada</Trans>;
  if (state === 'sent') return <Trans>Enviada</Trans>;
  return <Trans>Guardada neste telemóvel</Trans>;
}

/** Every change not yet acknowledged, with its state; refused ones can be sent again or discarded. */
export function OutboxPanel({ onClose }: { onClose: () => void }) {
  const entries = useAtomValue(myOutboxAtom);
  const retry = useSetAtom(retryEntryAtom);
  const discard = useSetAtom(discardEntryAtom);
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const panel = useRef<HTMLElement>(null);
  useModal(panel, onClose);
  return (
    <div className="drawer-layer" role="presentation" onClick={onClose}>
      <aside ref={panel} className="drawer" role="dialog" aria-modal="true" aria-label={t`Alterações por enviar`} onClick={(event) => event.stopPropagation()}>
        <div className="drawer-head">
          <h2 className="panel-title">
            <Trans>Alterações por enviar</Trans>
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t`Fechar`}>
            <Icon name="close" />
          </button>
        </div>
        {entries.length === 0 ? (
          <p className="muted">
            <Trans>Tudo enviado.</Trans>
          </p>
        ) : (
          <ul className="outbox-list">
            {entries.map((entry) => {
              const state = entry.sync;
              return (
                <li key={entry.mutationId} className="outbox-item">
                  <div className="outbox-item-head">
                    <span>{i18n._(OUTBOX_LABELS[entry.kind] ?? FALLBACK_LABEL)}</span>
                    <span className={`outbox-state ${state}`}>
                      <StateLabel state={state} />
                    </span>
                  </div>
                  {state === 'rejected' && entry.error && <p className="outbox-error">{translateServerMessage(entry.error)}</p>}
                  {state === 'rejected' && (
                    <div className="row">
                      <button type="button" className="button button-small" onClick={() => void retry({ mutationId: entry.mutationId })}>
                        <Trans>Enviar de novo</Trans>
                      </button>
                      <button type="button" className="button button-small button-secondary" onClick={() => void discard(entry.mutationId)}>
                        <Trans>Descartar</Trans>
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </aside>
    </div>
  );
}
