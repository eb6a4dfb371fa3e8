import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxEntry } from '../../state/slip-view.ts';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { acceptSlipRefusalAtom, discardEntryAtom, retryEntryAtom } from '../../state/outbox.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { formatOdds } from '../../lib/format.ts';
import { reviewRefusal } from '../../lib/slip-review.ts';
import { Icon } from '../Icon.tsx';
import { SelectionSummary } from './SelectionSummary.tsx';
import { SubscriptionNotice } from './SubscriptionNotice.tsx';

function rejectionHasSelections(rejection: unknown): boolean {
  return !!rejection && typeof rejection === 'object' && Array.isArray((rejection as { ficha?: unknown }).ficha);
}

function subscriptionMessage(rejection: unknown): string | null {
  if (!rejection || typeof rejection !== 'object') return null;
  const body = rejection as { tipo?: unknown; message?: unknown };
  return typeof body.tipo === 'string' && typeof body.message === 'string' ? body.message : null;
}

/**
 * A slip the server refused (SPEC §8): the reason, the selections as they are now with moved odds and started
 * matches marked, then accept and resend at the current odds, or discard.
 */
export function RefusalPanel({ entry, selections }: { entry: OutboxEntry; selections: Selection[] }) {
  const accept = useSetAtom(acceptSlipRefusalAtom);
  const discard = useSetAtom(discardEntryAtom);
  const retry = useSetAtom(retryEntryAtom);
  const toast = useSetAtom(showToastAtom);
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const updated = rejectionHasSelections(entry.rejection);
  const reviewed = updated ? reviewRefusal(selections, entry.body) : [];
  const subscription = subscriptionMessage(entry.rejection);

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
      if (!(await accept(entry.mutationId))) toast({ kind: 'error', text: t`Nenhuma selecção desta ficha pode ainda ser apostada. Descarte-a.` });
    });

  return (
    <div className="refusal" role="group" aria-label={t`Ficha recusada`}>
      <p className="refusal-reason">
        <Icon name="warning" inline />
        <span>
          <strong>
            <Trans>O servidor recusou esta ficha:</Trans>
          </strong>{' '}
          {translateServerMessage(entry.error ?? '')}
        </span>
      </p>
      {subscription !== null && <SubscriptionNotice message={subscription} />}
      {updated && (
        <>
          <p className="muted small">
            <Trans>Selecções actualizadas:</Trans>
          </p>
          <ul className="refusal-legs">
            {reviewed.map(({ selection, sentOdds, moved, started }) => (
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
          <button type="button" className="button button-small" disabled={busy} onClick={() => void run(() => retry({ mutationId: entry.mutationId }))}>
            <Trans>Enviar de novo</Trans>
          </button>
        )}
        <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => void run(() => discard(entry.mutationId))}>
          <Trans>Descartar</Trans>
        </button>
      </div>
    </div>
  );
}
