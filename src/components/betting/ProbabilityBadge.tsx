import type { Trend } from '../../../contract/schemas/events.ts';
import { probabilityBand } from '../../lib/explore-filters.ts';
import { TrendArrow } from './TrendArrow.tsx';

/** A probability in its colour band (SPEC §9: over 70 high, over 40 medium, over 20 low, else mediocre). */
export function ProbabilityBadge({ probability, trend }: { probability: number; trend?: Trend }) {
  return (
    <span className={`probability band-${probabilityBand(probability)}`}>
      {probability.toFixed(1)}%{trend && <TrendArrow trend={trend} size={10} />}
    </span>
  );
}
