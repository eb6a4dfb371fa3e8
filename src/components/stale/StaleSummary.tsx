import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SlipCheck } from '../../../contract/staleness.ts';

/** The stale-slip check in one line: what changed since the slip was made, and how many legs are still open. */
export function StaleSummary({ check }: { check: SlipCheck }) {
  const { t } = useLingui();
  const { counts } = check;
  const stillOpen = counts.open + counts.moved;
  const verified = check.legs.every((leg) => leg.check.kind !== 'open' || leg.check.verified);
  let text: string;
  if (!check.changed) {
    text = verified ? t`Nada mudou desde que foi feita: todas as selecções continuam abertas à mesma odd.` : t`Nada mudou desde que foi feita, que este telemóvel saiba.`;
  } else {
    const changes = [
      counts.moved > 0 ? plural(counts.moved, { one: '# odd mudou', other: '# odds mudaram' }) : null,
      counts.started > 0 ? plural(counts.started, { one: '# jogo começou', other: '# jogos começaram' }) : null,
      counts.settled > 0 ? plural(counts.settled, { one: '# já tem resultado', other: '# já têm resultado' }) : null,
      counts.closed > 0 ? plural(counts.closed, { one: '# mercado fechado', other: '# mercados fechados' }) : null,
      counts['no-result'] > 0 ? plural(counts['no-result'], { one: '# sem resultado', other: '# sem resultado' }) : null,
    ].filter((part): part is string => part !== null);
    const open = stillOpen > 0 ? plural(stillOpen, { one: '# selecção ainda aberta', other: '# selecções ainda abertas' }) : t`nenhuma selecção aberta`;
    text = t`Desde que foi feita: ${changes.join(', ')}; ${open}.`;
  }
  return <p className="stale-summary">{text}</p>;
}
