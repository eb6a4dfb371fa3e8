import { Trans, useLingui } from '@lingui/react/macro';
import type { RecordSummary } from '../../../contract/schemas/record.ts';
import { formatRate, formatRoi } from './record-format.ts';
import { useGuardText } from './use-record-text.ts';
import './record.css';

/**
 * A user's record in one line: win rate and ROI, or "sem histórico suficiente (N de 20)" below the guard.
 * The one place a slip card, a leaderboard row and a group's paywall show it. Nothing when the record is absent (a
 * copy stored before the server sent it): never zeros that were not measured.
 */
export function RecordSummaryLine({ record, className }: { record: RecordSummary | null | undefined; className?: string }) {
  const { i18n } = useLingui();
  const guard = useGuardText();
  if (!record) return null;
  const classes = ['record-line', className].filter(Boolean).join(' ');
  if (!record.suficiente) return <span className={`${classes} record-line-guard`}>{guard(record.liquidadas)}</span>;
  const rate = formatRate(record.taxaAcerto, i18n.locale) ?? '—';
  const roi = formatRoi(record.roi, i18n.locale) ?? '—';
  const tone = record.roi === null || record.roi === 0 ? '' : record.roi > 0 ? 'record-up' : 'record-down';
  return (
    <span className={classes}>
      <span className="record-figure">
        <Trans>Taxa de acerto</Trans> <strong>{rate}</strong>
      </span>
      <span className="record-figure">
        <Trans>ROI</Trans> <strong className={tone || undefined}>{roi}</strong>
      </span>
    </span>
  );
}
