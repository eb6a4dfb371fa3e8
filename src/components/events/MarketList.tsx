import { useLingui } from '@lingui/react';
import type { EventDetail } from '../../../contract/schemas/events.ts';
import { isBettable } from '../../lib/event-status.ts';
import { selectionFromEvent } from '../../lib/selection.ts';
import { OddsButton } from '../betting/OddsButton.tsx';
import { choiceLabel, marketTitle } from '../betting/market-labels.ts';
import { useSlipToggle } from '../betting/use-slip-toggle.ts';
import { groupMarkets } from './market-groups.ts';

/**
 * The event's markets in groups (Principais, Golos, Equipas, Intervalo, 2.ª parte, Cantos): the first two open, the
 * rest closed until tapped; lines nobody bets are not offered (market-groups.ts). Each choice toggles its selection
 * in the slip.
 */
export function MarketList({ event }: { event: EventDetail }) {
  const { i18n } = useLingui();
  const { isPicked, toggle } = useSlipToggle();
  const bettable = isBettable(event.status);
  return (
    <div className="market-groups">
      {groupMarkets(event.mercados).map((group) => (
        <details key={group.id} className="market-group" open={group.open}>
          <summary className="market-group-title">{i18n._(group.title)}</summary>
          <div className="markets">
            {group.markets.map((market) => {
              const titleId = `market-${event.id}-${market.type}`;
              return (
                <section key={market.type} className="market" aria-labelledby={titleId}>
                  <h3 id={titleId} className="market-title">
                    {marketTitle(i18n, market.type)}
                  </h3>
                  <div className={market.offered.length === 3 ? 'market-choices three' : 'market-choices'}>
                    {market.offered.map((choice) => (
                      <OddsButton
                        key={choice.choice}
                        label={choiceLabel(i18n, choice.type, choice.choice)}
                        odds={choice.odds}
                        oddsTrend={choice.oddsTrend}
                        probability={choice.probability}
                        probabilityTrend={choice.probabilityTrend}
                        pressed={isPicked(event.id, choice)}
                        disabled={!bettable}
                        onPress={() => void toggle(selectionFromEvent(event, choice))}
                      />
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
        </details>
      ))}
    </div>
  );
}
