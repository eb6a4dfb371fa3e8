import type { Trend } from '../../../contract/schemas/events.ts';
import { formatOdds } from '../../lib/format.ts';
import { ProbabilityBadge } from './ProbabilityBadge.tsx';
import { TrendArrow } from './TrendArrow.tsx';

export interface OddsButtonProps {
  label: string;
  odds: number;
  oddsTrend: Trend;
  probability: number;
  probabilityTrend: Trend;
  pressed: boolean;
  disabled?: boolean;
  onPress: () => void;
}

/**
 * One priced choice: a toggle whose name says the choice, the odds and the probability ("Casa 1.85, 54.2%"). The name
 * holds the visible text in its order and the parts are apart on screen too (WCAG 2.5.3: a voice user says what she
 * sees).
 */
export function OddsButton({ label, odds, oddsTrend, probability, probabilityTrend, pressed, disabled, onPress }: OddsButtonProps) {
  return (
    <button
      type="button"
      className={pressed ? 'odds-button picked' : 'odds-button'}
      aria-pressed={pressed}
      aria-label={`${label} ${formatOdds(odds)}, ${probability.toFixed(1)}%`}
      disabled={disabled}
      onClick={onPress}
    >
      <span className="odds-choice">{label}</span>{' '}
      <span className="odds-value">
        {formatOdds(odds)}
        <TrendArrow trend={oddsTrend} size={10} />
      </span>{' '}
      <ProbabilityBadge probability={probability} trend={probabilityTrend} />
    </button>
  );
}
