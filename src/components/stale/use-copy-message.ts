import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { leftOut, type CopyReport } from '../../lib/share-rules.ts';

/**
 * What copying did, in words: how many selections were copied (and how many at a new price), how many were left out
 * and why (SPEC §4 copy rule with the stale-slip check, contract/staleness.ts).
 */
export function useCopyMessage() {
  const { t } = useLingui();
  return (report: CopyReport) => {
    const copied =
      report.copied > 0
        ? plural(report.copied, { one: '# selecção copiada para a sua ficha', other: '# selecções copiadas para a sua ficha' })
        : t`Nenhuma selecção copiada`;
    // Last, so the first sentence reads the same whether or not a price moved.
    const repriced = report.repriced > 0 ? ` ${plural(report.repriced, { one: '# copiada com a odd actualizada.', other: '# copiadas com a odd actualizada.' })}` : '';
    if (leftOut(report) === 0) return `${copied}.${repriced}`;
    const reasons = [
      report.started > 0 ? plural(report.started, { one: '# já começou', other: '# já começaram' }) : null,
      report.settled > 0 ? plural(report.settled, { one: '# já tem resultado', other: '# já têm resultado' }) : null,
      report.closed > 0 ? plural(report.closed, { one: '# com o mercado fechado', other: '# com o mercado fechado' }) : null,
      report.noResult > 0 ? plural(report.noResult, { one: '# sem resultado', other: '# sem resultado' }) : null,
      report.alreadyIn > 0 ? plural(report.alreadyIn, { one: '# já estava na sua ficha', other: '# já estavam na sua ficha' }) : null,
      report.full > 0 ? plural(report.full, { one: '# não coube (máximo de 50)', other: '# não couberam (máximo de 50)' }) : null,
    ].filter((reason): reason is string => reason !== null);
    return `${copied}. ${plural(leftOut(report), { one: '# ficou de fora:', other: '# ficaram de fora:' })} ${reasons.join(', ')}.${repriced}`;
  };
}
