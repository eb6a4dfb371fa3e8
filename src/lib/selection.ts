import type { EventDetail, MarketChoice } from '../../contract/schemas/events.ts';
import type { Selection } from '../../contract/schemas/slips.ts';

/** A slip selection (SPEC §3 Selection) for one priced choice of an event, as the event page shows it. */
export function selectionFromEvent(event: Omit<EventDetail, 'mercados' | 'estatisticas'>, choice: MarketChoice): Selection {
  return {
    event_id: event.id,
    event_scheduled: event.date,
    event_status: event.status,
    bet_status: 'pending',
    hasWarning: false,
    event_tournament: { id: event.competition_id, name: event.competition_name },
    event_competitors: [
      { id: event.home_id, name: event.home_name, position: event.home_position, identifier: 'home' },
      { id: event.away_id, name: event.away_name, position: event.away_position, identifier: 'away' },
    ],
    event_selection: {
      type: choice.type,
      choice: choice.choice,
      odds: choice.odds,
      oddsTrend: choice.oddsTrend,
      probability: choice.probability,
      probabilityTrend: choice.probabilityTrend,
    },
    event_score: { home: event.home_goals, away: event.away_goals, elapsed: event.elapsed },
  };
}

/** Whether a selection in the slip is this very choice (same event, market and choice). */
export function isSameChoice(selection: Pick<Selection, 'event_id' | 'event_selection'>, eventId: string, choice: { type: string; choice: string }): boolean {
  return selection.event_id === eventId && selection.event_selection.type === choice.type && selection.event_selection.choice === choice.choice;
}

export function competitorName(selection: Pick<Selection, 'event_competitors'>, side: 'home' | 'away'): string {
  return selection.event_competitors.find((competitor) => competitor.identifier === side)?.name ?? '';
}
