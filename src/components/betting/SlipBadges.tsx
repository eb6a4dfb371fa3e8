import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { SlipModel } from '../../state/slip-model.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { SLIP_STATE, SYNC_STATE } from './status-labels.ts';

/**
 * A slip's badges: its state once the server has it (a slip made offline has none yet), and for its owner where the
 * queued change stands and whether the slip is hidden. `children` are further tags of the screen showing it.
 */
export function SlipBadges({ slip, children }: { slip: SlipModel; children?: ReactNode }) {
  const { ficha, own, sync } = slip;
  const state = SLIP_STATE[ficha.estado];
  return (
    <div className="slip-card-badges">
      {!slip.local && <StatusBadge kind="slip" status={ficha.estado} icon={state.icon} label={state.label} />}
      {own && <StatusBadge kind="sync" status={sync} icon={SYNC_STATE[sync].icon} label={SYNC_STATE[sync].label} />}
      {own && !ficha.publicada && (
        <span className="tag">
          <Trans>Oculta</Trans>
        </span>
      )}
      {children}
    </div>
  );
}
