import { Trans, useLingui } from '@lingui/react/macro';
import type { UserRecord } from '../../../contract/schemas/record.ts';
import { formatPercent, roiChart } from './record-format.ts';

const WIDTH = 300;
const HEIGHT = 80;

/**
 * The running ROI after each counted slip, oldest first, as a small line over the break-even line. A picture with a
 * text alternative that says what it shows: how many slips, where the ROI started and ends, its lowest and highest.
 */
export function RoiChart({ curva }: { curva: UserRecord['curva'] }) {
  const { t, i18n } = useLingui();
  const geometry = roiChart(
    curva.map((point) => point.roi),
    { width: WIDTH, height: HEIGHT },
  );
  const start = curva.at(0);
  const end = curva.at(-1);
  if (!geometry || !start || !end) return null;
  const count = curva.length;
  const first = formatPercent(start.roi, i18n.locale, true);
  const last = formatPercent(end.roi, i18n.locale, true);
  const low = formatPercent(geometry.min, i18n.locale, true);
  const high = formatPercent(geometry.max, i18n.locale, true);
  const label = t`ROI acumulado ao longo de ${count} fichas liquidadas: começou em ${first} e está em ${last} (mínimo ${low}, máximo ${high}).`;
  const tone = end.roi < 0 ? 'record-chart-line down' : 'record-chart-line';
  return (
    <figure className="record-chart">
      <figcaption className="record-chart-caption">
        <Trans>Evolução do ROI</Trans>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label} focusable="false">
        <title>{label}</title>
        <line className="record-chart-zero" x1={0} x2={WIDTH} y1={geometry.zeroY} y2={geometry.zeroY} vectorEffect="non-scaling-stroke" />
        <polyline className={tone} points={geometry.points} fill="none" vectorEffect="non-scaling-stroke" />
      </svg>
    </figure>
  );
}
