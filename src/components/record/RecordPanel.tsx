import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RecordFigures, UserRecord } from '../../../contract/schemas/record.ts';
import { formatOdds } from '../../lib/format.ts';
import { formatRate, formatRoi } from './record-format.ts';
import { RoiChart } from './RoiChart.tsx';
import { useGuardText } from './use-record-text.ts';
import './record.css';

interface Row {
  key: string;
  label: ReactNode;
  value: (figures: RecordFigures) => ReactNode;
  /** A ratio: below the guard the panel shows the guard text instead. */
  ratio?: boolean;
}

/**
 * A user's verified record on their profile: all time and the last 30 days side by side (settled slips,
 * won and lost, win rate, ROI, average odds, current and longest winning streak, void slips apart), and the running
 * ROI. Below 20 settled slips, "sem histórico suficiente (N de 20)" instead of the ratios and the chart. Nothing when
 * the profile was stored before the server sent a record.
 */
export function RecordPanel({ record }: { record: UserRecord | null | undefined }) {
  const { i18n } = useLingui();
  const guard = useGuardText();
  if (!record) return null;
  const dash = '—';
  const rows: Row[] = [
    { key: 'liquidadas', label: <Trans>Fichas liquidadas</Trans>, value: (f) => f.liquidadas },
    { key: 'ganhas', label: <Trans>Ganhas / perdidas</Trans>, value: (f) => `${f.ganhas} / ${f.perdidas}` },
    { key: 'taxa', label: <Trans>Taxa de acerto</Trans>, value: (f) => formatRate(f.taxaAcerto, i18n.locale) ?? dash, ratio: true },
    { key: 'roi', label: <Trans>ROI</Trans>, value: (f) => <Roi roi={f.roi} locale={i18n.locale} />, ratio: true },
    { key: 'odds', label: <Trans>Odd média</Trans>, value: (f) => (f.oddsMedia === null ? dash : formatOdds(f.oddsMedia)), ratio: true },
    { key: 'actual', label: <Trans>Vitórias seguidas</Trans>, value: (f) => f.sequenciaActual },
    { key: 'longa', label: <Trans>Melhor sequência</Trans>, value: (f) => f.sequenciaMaisLonga },
    { key: 'anuladas', label: <Trans>Anuladas (não contam)</Trans>, value: (f) => f.anuladas },
  ];
  const shown = record.suficiente ? rows : rows.filter((row) => !row.ratio);
  return (
    <section className="record-panel" aria-labelledby="record-panel-title">
      <h2 className="record-title" id="record-panel-title">
        <Trans>Registo verificado</Trans>
      </h2>
      {!record.suficiente && (
        <div className="record-guard" role="note">
          {guard(record.total.liquidadas)}
        </div>
      )}
      <table className="record-table">
        <thead>
          <tr>
            <td />
            <th scope="col">
              <Trans>Sempre</Trans>
            </th>
            <th scope="col">
              <Trans>Últimos 30 dias</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value(record.total)}</td>
              <td>{row.value(record.ultimos30)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {record.suficiente && <RoiChart curva={record.curva} />}
      <p className="record-note">
        <Trans>Calculado pelo servidor a partir das fichas publicadas e liquidadas pelos resultados dos jogos.</Trans>
      </p>
    </section>
  );
}

function Roi({ roi, locale }: { roi: number | null; locale: string }) {
  const text = formatRoi(roi, locale);
  if (text === null) return <>—</>;
  const tone = roi === null || roi === 0 ? undefined : roi > 0 ? 'record-up' : 'record-down';
  return <span className={tone}>{text}</span>;
}
