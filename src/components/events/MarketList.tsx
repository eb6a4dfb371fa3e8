import { useLingui } from '@lingui/react';
import type { EventDetail } from '../../../contract/schemas/events.ts';
import { isBettable } from '../../lib/event-status.ts';
import { selectionFromEvent } from '../../lib/selection.ts';
import { OddsButton } from '../betting/OddsButton.tsx';
import { choiceLabel, marketTitle } from '../betting/market-labels.ts';
import { useSlipToggle } from '../betting/use-slip-toggle.ts';

/** Every market of the event with odds and probability; each choice toggles its selection in the slip. */
export function MarketList({ event }: { event: EventDetail }) {
  const { i18n } = useLingui();
  const { isPicked, toggle } = useSlipToggle();
  const bettable = isBettable(event.status);
  return (
    <div className="markets">
      {event.mercados.map((market) => {
        const titleId = `market-${event.id}-${market.type}`;
        return (
          <section key={market.type} className="market" aria-labelledby={titleId}>
            <h3 id={titleId} className="market-title">
              {marketTitle(i18n, market.type)}
            </h3>
            <div className={market.choices.length === 3 ? 'market-choices three' : 'market-choices'}>
              {market.choices.map((choice) => (
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
  );
}
