import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { StoredSlip } from '../../state/slip-view.ts';
import type { OutboxEntry } from '../../state/slip-view.ts';
import { syncStateOf } from '../../state/outbox.ts';
import { fichaOf, formatSlipDate } from './slip-data.ts';
import { RefusalPanel } from './RefusalPanel.tsx';
import { SlipActions } from './SlipActions.tsx';
import { SlipSelections } from './SlipSelections.tsx';
import { SlipTotals } from './SlipTotals.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { SLIP_STATE, SYNC_STATE } from './status-labels.ts';
import './betting.css';

/** A whole slip: owner, states, every selection with its bet_status, totals, and what the viewer can do. */
export function SlipView({ row, entries, selfId, readOnly = false }: { row: StoredSlip; entries: OutboxEntry[]; selfId: string | null; readOnly?: boolean }) {
  const { i18n } = useLingui();
  const ficha = fichaOf(row);
  const own = ficha.usuario.id === selfId;
  const sync = syncStateOf(entries, row.pendingMutationId);
  const entry = sync === 'rejected' ? entries.find((candidate) => candidate.mutationId === row.pendingMutationId) : undefined;
  const state = SLIP_STATE[ficha.estado];
  return (
    <div className="slip-view">
      <div className="slip-view-head">
        <div className="slip-owner">
          <span className="avatar-letter" aria-hidden="true">
            {(ficha.usuario.nome || ficha.usuario.nomeUsuario).slice(0, 1).toUpperCase()}
          </span>
          <span>
            <strong>{ficha.usuario.nome}</strong>
            <span className="muted"> @{ficha.usuario.nomeUsuario}</span>
          </span>
        </div>
        <span className="muted small">{formatSlipDate(ficha.createdAt, i18n.locale)}</span>
      </div>
      <div className="slip-card-badges">
        {!row.id.startsWith('local:') && <StatusBadge kind="slip" status={ficha.estado} icon={state.icon} label={state.label} />}
        {own && <StatusBadge kind="sync" status={sync} icon={SYNC_STATE[sync].icon} label={SYNC_STATE[sync].label} />}
        {own && !ficha.publicada && (
          <span className="tag">
            <Trans>Oculta</Trans>
          </span>
        )}
        {ficha.oddsChange && (
          <span className="tag">
            <Trans>Aceita alterações de odds</Trans>
          </span>
        )}
      </div>
      {entry && <RefusalPanel entry={entry} selections={ficha.selecoes} />}
      {!entry && <SlipSelections selections={ficha.selecoes} />}
      <SlipTotals ficha={ficha} />
      {!readOnly && sync !== 'rejected' && <SlipActions ficha={ficha} />}
    </div>
  );
}
