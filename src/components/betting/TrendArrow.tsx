import { useLingui } from '@lingui/react/macro';
import type { Trend } from '../../../contract/schemas/events.ts';
import { Icon } from '../Icon.tsx';

/** Whether odds or a probability rose or fell against the price it replaced (SPEC §3 oddsTrend, probabilityTrend). */
export function TrendArrow({ trend, size = 12 }: { trend: Trend; size?: number }) {
  const { t } = useLingui();
  return (
    <span className={`trend trend-${trend}`} role="img" aria-label={trend === 'up' ? t`a subir` : t`a descer`}>
      <Icon name={trend === 'up' ? 'up' : 'down'} inline size={size} />
    </span>
  );
}
