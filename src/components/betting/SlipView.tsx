import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { OutboxEntry, StoredSlip } from '../../state/slip-view.ts';
import { formatSlipDate, slipStatusOf } from './slip-data.ts';
import { RefusalPanel } from './RefusalPanel.tsx';
import { SlipActions } from './SlipActions.tsx';
import { SlipBadges } from './SlipBadges.tsx';
import { SlipSelections } from './SlipSelections.tsx';
import { SlipTotals } from './SlipTotals.tsx';
import './betting.css';

/** A whole slip: owner, states, every selection with its bet_status, totals, and what the viewer can do. */
export function SlipView({ row, entries, selfId, readOnly = false }: { row: StoredSlip; entries: OutboxEntry[]; selfId: string | null; readOnly?: boolean }) {
  const { i18n } = useLingui();
  const status = slipStatusOf(row, entries, selfId);
  const { ficha, sync, refused } = status;
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
      <SlipBadges row={row} status={status}>
        {ficha.oddsChange && (
          <span className="tag">
            <Trans>Aceita alterações de odds</Trans>
          </span>
        )}
      </SlipBadges>
      {refused && <RefusalPanel entry={refused} selections={ficha.selecoes} />}
      {!refused && <SlipSelections selections={ficha.selecoes} />}
      <SlipTotals ficha={ficha} />
      {!readOnly && sync !== 'rejected' && <SlipActions ficha={ficha} />}
    </div>
  );
}
