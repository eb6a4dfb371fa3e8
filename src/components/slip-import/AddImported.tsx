import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { addImportedAtom } from '../../state/slip-builder.ts';
import { SLIP_MIN_STAKE } from '../../../contract/limits.ts';
import type { BookingCode } from '../../../contract/slip-import/types.ts';
import { competitorName } from '../../lib/selection.ts';
import { formatKz } from '../../lib/format.ts';
import { leftOutText } from './import-texts.ts';
import type { ImportedLeg } from './use-tip-import.ts';

/** "Código SportyBet ABC123": the note a tip's booking codes leave on the slip, in the app's language. */
function bookingNote(codes: readonly BookingCode[], i18n: I18n): string | undefined {
  if (codes.length === 0) return undefined;
  return codes.map(({ bookmaker, code }) => (bookmaker ? i18n._(msg`Código ${bookmaker} ${code}`) : i18n._(msg`Código ${code}`))).join(' · ');
}

interface Report {
  added: number;
  /** Legs the slip refused (already in it, the limit, started), each with its teams and why. */
  refused: string[];
  /** Legs of the tip that added nothing (not found, or ambiguous and not chosen). */
  unmatched: number;
  stake: number | null;
}

/** "Adicionar à ficha": the matched and chosen legs into the slip builder, then how many went in and why the rest did not. */
export function AddImported({ legs, codes, stake }: { legs: ImportedLeg[]; codes: BookingCode[]; stake: number | null }) {
  const { t, i18n } = useLingui();
  const addImported = useSetAtom(addImportedAtom);
  const [report, setReport] = useState<Report | null>(null);
  const ready = legs.flatMap((leg) => (leg.selection ? [leg.selection] : []));
  const nota = bookingNote(codes, i18n);
  const valor = stake !== null && stake >= SLIP_MIN_STAKE ? stake : undefined;

  const add = async () => {
    const outcome = await addImported({ selections: ready, ...(nota ? { nota } : {}), ...(valor !== undefined ? { valor } : {}) });
    if (!outcome) return;
    setReport({
      added: outcome.added.length,
      refused: outcome.leftOut.map(({ selection, reason }) => `${competitorName(selection, 'home')} – ${competitorName(selection, 'away')}: ${leftOutText(i18n, reason)}`),
      unmatched: legs.length - ready.length,
      stake: outcome.added.length > 0 && valor !== undefined ? valor : null,
    });
  };

  const summary = report
    ? [
        report.added > 0 ? plural(report.added, { one: '# selecção adicionada à ficha.', other: '# selecções adicionadas à ficha.' }) : t`Nenhuma selecção adicionada à ficha.`,
        report.unmatched + report.refused.length > 0
          ? plural(report.unmatched + report.refused.length, { one: '# ficou de fora.', other: '# ficaram de fora.' })
          : '',
        report.unmatched > 0 ? plural(report.unmatched, { one: '# não encontrada ou por escolher.', other: '# não encontradas ou por escolher.' }) : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  const stakeText = report?.stake ? formatKz(report.stake) : '';
  const valorText = valor !== undefined ? formatKz(valor) : '';
  return (
    <div className="import-actions">
      {nota && (
        <p className="muted">
          <Trans>Fica como nota na ficha: {nota}</Trans>
        </p>
      )}
      {valorText && (
        <p className="muted">
          <Trans>Valor do palpite: {valorText}</Trans>
        </p>
      )}
      <button type="button" className="button button-block" disabled={ready.length === 0} onClick={() => void add()}>
        <Trans>Adicionar à ficha</Trans>
      </button>
      <div role="status" className="import-report">
        {report && (
          <>
            <p>{summary}</p>
            {report.refused.length > 0 && (
              <ul>
                {report.refused.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {stakeText && (
              <p>
                <Trans>Valor da ficha: {stakeText}.</Trans>
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
