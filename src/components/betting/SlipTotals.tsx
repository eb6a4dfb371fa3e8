import { Trans } from '@lingui/react/macro';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { formatMultiplier } from '../../../contract/slip-math.ts';
import { formatKz } from '../../lib/format.ts';

/** Stake, multiplier (N.NNx) and return (Kz) of a slip. */
export function SlipTotals({ ficha }: { ficha: Pick<Ficha, 'valor' | 'multiplicador' | 'retorno'> }) {
  return (
    <dl className="slip-totals compact">
      <div>
        <dt>
          <Trans>Valor</Trans>
        </dt>
        <dd>{formatKz(ficha.valor)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Multiplicador</Trans>
        </dt>
        <dd>{formatMultiplier(ficha.multiplicador)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Retorno</Trans>
        </dt>
        <dd>{formatKz(ficha.retorno)}</dd>
      </div>
    </dl>
  );
}
