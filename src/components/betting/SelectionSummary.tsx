import { useLingui } from '@lingui/react';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { competitorName } from '../../lib/selection.ts';
import { eventClock, eventDay } from '../../lib/format.ts';
import { pickLabel } from './market-labels.ts';

/** Teams, competition, kick-off (Angola's time) and the pick of a selection. */
export function SelectionSummary({ selection }: { selection: Selection }) {
  const { i18n } = useLingui();
  const day = eventDay(selection.event_scheduled).slice(5).split('-').reverse().join('/');
  return (
    <div className="selection-summary">
      <span className="selection-teams">
        {competitorName(selection, 'home')} – {competitorName(selection, 'away')}
      </span>
      <span className="selection-pick">{pickLabel(i18n, selection.event_selection)}</span>
      <span className="selection-meta">
        {selection.event_tournament.name} · {day} {eventClock(selection.event_scheduled)}
      </span>
    </div>
  );
}
