import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { formatOdds } from '../../lib/format.ts';
import { SelectionSummary } from './SelectionSummary.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { BET_STATUS } from './status-labels.ts';
import { Link } from 'wouter';

/**
 * A slip's selections, each with its bet_status icon and label and, once started, the score. `note`: a line under a
 * selection (the stale-slip check says there what changed since the slip was made).
 */
export function SlipSelections({
  selections,
  linkEvents = true,
  note,
}: {
  selections: Selection[];
  linkEvents?: boolean;
  note?: (selection: Selection, index: number) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <ul className="slip-legs" aria-label={t`Selecções`}>
      {selections.map((selection, index) => {
        const status = BET_STATUS[selection.bet_status];
        const score = selection.event_score;
        const summary = <SelectionSummary selection={selection} />;
        return (
          <li key={`${selection.event_id}:${selection.event_selection.type}:${selection.event_selection.choice}`} className={selection.hasWarning ? 'slip-leg warning' : 'slip-leg'}>
            <div className="slip-leg-main">
              {linkEvents ? (
                <Link href={`/explorar/${selection.event_id}`} className="slip-leg-link">
                  {summary}
                </Link>
              ) : (
                summary
              )}
              {note?.(selection, index)}
            </div>
            <div className="slip-leg-side">
              <span className="slip-leg-odds">{formatOdds(selection.event_selection.odds)}</span>
              {score.home !== null && score.away !== null && (
                <span className="slip-leg-score">
                  {score.home}-{score.away}
                </span>
              )}
              <StatusBadge kind="bet" status={selection.bet_status} icon={status.icon} label={status.label} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
