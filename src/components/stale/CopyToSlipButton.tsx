import { useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { copySharedSlipAtom } from '../../state/share.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { Icon } from '../Icon.tsx';
import { useCopyMessage } from './use-copy-message.ts';

/**
 * "Copiar para a minha ficha", wherever a slip shows (chat card, public slip, slip page): only the legs still open,
 * at current odds, and a toast that says how many were left out and why (one rule: state/share.ts copySharedSlipAtom).
 */
export function CopyToSlipButton({ selections, variant = 'primary' }: { selections: Selection[]; variant?: 'primary' | 'secondary' }) {
  const copy = useSetAtom(copySharedSlipAtom);
  const toast = useSetAtom(showToastAtom);
  const message = useCopyMessage();
  const onCopy = async () => {
    const report = await copy(selections);
    toast({ kind: report.copied > 0 ? 'success' : 'info', text: message(report) });
  };
  return (
    <button type="button" className={variant === 'primary' ? 'button button-small' : 'button button-small button-secondary'} onClick={() => void onCopy()}>
      <Icon name="copy" inline />
      <Trans>Copiar para a minha ficha</Trans>
    </button>
  );
}
