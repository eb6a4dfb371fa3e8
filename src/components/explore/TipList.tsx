import { Link } from 'wouter';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ExploreSelection } from '../../../contract/schemas/explore.ts';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { competitorName } from '../../lib/selection.ts';
import { eventClock, eventDay } from '../../lib/format.ts';
import { OddsButton } from '../betting/OddsButton.tsx';
import { choiceLabel, marketTitle } from '../betting/market-labels.ts';
import { useSlipToggle } from '../betting/use-slip-toggle.ts';
import { VirtualList } from '../list/VirtualList.tsx';

function withoutInsight(tip: ExploreSelection): Selection {
  const { insight: _insight, ...selection } = tip;
  return selection;
}

function Insight({ tip }: { tip: ExploreSelection }) {
  const insight = tip.insight;
  if (!insight) return null;
  if (insight.value !== undefined) {
    const value = insight.value.toFixed(2);
    const model = insight.modelProbability?.toFixed(1) ?? '';
    return (
      <span className="tip-insight">
        <Trans>
          Valor {value} · modelo {model}%
        </Trans>
      </span>
    );
  }
  if (insight.slips !== undefined) {
    const slips = insight.slips;
    return (
      <span className="tip-insight">
        <Trans>Em {slips} fichas</Trans>
      </span>
    );
  }
  return null;
}

/** One tip: the event, the pick with its odds and probability band; one tap adds it to the slip. */
function TipCard({ tip }: { tip: ExploreSelection }) {
  const { i18n } = useLingui();
  const { isPicked, toggle } = useSlipToggle();
  const pick = tip.event_selection;
  const live = tip.event_status === 'LIVE' || tip.event_status === 'HT';
  const day = eventDay(tip.event_scheduled).slice(5).split('-').reverse().join('/');
  return (
    <div className="tip-card">
      <Link href={`/explorar/${tip.event_id}`} className="tip-event">
        <span className="tip-time">
          {live ? (
            <span className="live-text">{tip.event_status === 'HT' ? <Trans>Intervalo</Trans> : `${tip.event_score.elapsed ?? 0}'`}</span>
          ) : (
            <>
              <span>{eventClock(tip.event_scheduled)}</span>
              <small>{day}</small>
            </>
          )}
        </span>
        <span className="tip-teams">
          <span className="tip-team">{competitorName(tip, 'home')}</span>
          <span className="tip-team">{competitorName(tip, 'away')}</span>
          <span className="tip-competition">{tip.event_tournament.name}</span>
        </span>
      </Link>
      <div className="tip-pick">
        <span className="tip-market">{marketTitle(i18n, pick.type)}</span>
        <Insight tip={tip} />
      </div>
      <OddsButton
        label={choiceLabel(i18n, pick.type, pick.choice)}
        odds={pick.odds}
        oddsTrend={pick.oddsTrend}
        probability={pick.probability}
        probabilityTrend={pick.probabilityTrend}
        pressed={isPicked(tip.event_id, pick)}
        onPress={() => void toggle(withoutInsight(tip))}
      />
    </div>
  );
}

/** The tips of an Explore search, as many as have been paged in (virtualised once the list grows long). */
export function TipList({ tips }: { tips: ExploreSelection[] }) {
  return (
    <VirtualList items={tips} itemKey={(tip) => `${tip.event_id}:${tip.event_selection.type}:${tip.event_selection.choice}`} className="tip-list">
      {(tip) => <TipCard tip={tip} />}
    </VirtualList>
  );
}
