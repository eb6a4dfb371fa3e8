import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { acceptSlipRefusalAtom, discardEntryAtom, retryEntryAtom, type RefusedChange } from '../../state/outbox.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { formatOdds } from '../../lib/format.ts';
import { Icon } from '../Icon.tsx';
import { SelectionSummary } from './SelectionSummary.tsx';
import { SubscriptionNotice } from './SubscriptionNotice.tsx';

/**
 * A slip the server refused (SPEC §8): the reason, the selections as they are now with moved odds and started
 * matches marked, then accept and resend at the current odds, or discard.
 */
export function RefusalPanel({ refused }: { refused: RefusedChange }) {
  const accept = useSetAtom(acceptSlipRefusalAtom);
  const discard = useSetAtom(discardEntryAtom);
  const retry = useSetAtom(retryEntryAtom);
  const toast = useSetAtom(showToastAtom);
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const { mutationId, review, subscription } = refused;
  const updated = review !== null;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const acceptAndResend = () =>
    run(async () => {
      if (!(await accept(mutationId))) toast({ kind: 'error', text: t`Nenhuma selecção desta ficha pode ainda ser apostada. Descarte-a.` });
    });

  return (
    <div className="refusal" role="group" aria-label={t`Ficha recusada`}>
      <p className="refusal-reason">
        <Icon name="warning" inline />
        <span>
          <strong>
            <Trans>O servidor recusou esta ficha:</Trans>
          </strong>{' '}
          {translateServerMessage(refused.message)}
        </span>
      </p>
      {subscription !== null && <SubscriptionNotice message={subscription} />}
      {updated && (
        <>
          <p className="muted small">
            <Trans>Selecções actualizadas:</Trans>
          </p>
          <ul className="refusal-legs">
            {(review ?? []).map(({ selection, sentOdds, moved, started }) => (
              <li key={selection.event_id} className={moved || started ? 'refusal-leg changed' : 'refusal-leg'}>
                <SelectionSummary selection={selection} />
                <span className="refusal-odds">
                  <span className="odds-change">
                    {moved && sentOdds !== null && (
                      <>
                        <s aria-label={t`Odds enviadas ${formatOdds(sentOdds)}`}>{formatOdds(sentOdds)}</s>
                        <span aria-hidden="true">→</span>
                      </>
                    )}
                    <strong className={moved ? 'odds-moved' : undefined}>{formatOdds(selection.event_selection.odds)}</strong>
                  </span>
                  {moved && (
                    <span className="tag tag-warn">
                      <Trans>Odds mudaram</Trans>
                    </span>
                  )}
                  {started && (
                    <span className="tag tag-danger">
                      <Trans>Já começou</Trans>
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="row">
        {updated ? (
          <button type="button" className="button button-small" disabled={busy} onClick={() => void acceptAndResend()}>
            <Trans>Aceitar e reenviar</Trans>
          </button>
        ) : (
          <button type="button" className="button button-small" disabled={busy} onClick={() => void run(() => retry({ mutationId }))}>
            <Trans>Enviar de novo</Trans>
          </button>
        )}
        <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => void run(() => discard(mutationId))}>
          <Trans>Descartar</Trans>
        </button>
      </div>
    </div>
  );
}
