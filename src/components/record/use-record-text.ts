import { useLingui } from '@lingui/react/macro';
import { RECORD_MIN_SETTLED } from '../../../contract/record.ts';

/** "sem histórico suficiente (N de 20)": what a record below the guard shows instead of its ratios. */
export function useGuardText(): (liquidadas: number) => string {
  const { t } = useLingui();
  return (liquidadas) => {
    const settled = Math.max(0, liquidadas);
    const needed = RECORD_MIN_SETTLED;
    return t`sem histórico suficiente (${settled} de ${needed})`;
  };
}
