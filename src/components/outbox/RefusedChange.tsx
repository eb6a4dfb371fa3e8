import type { ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { discardEntryAtom, myOutboxAtom, retryEntryAtom } from '../../state/outbox.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';

/**
 * A change the server refused (a message, a comment): the server's reason, and the two ways out of it, try again or
 * discard (DESIGN §4). `kind` names the CSS classes (`{kind}-refused`, `{kind}-state`, `{kind}-actions`); `explain`
 * may word a reason for this kind of change better than the server's words; `fallback` shows when there is none.
 */
export function RefusedChange({ mutationId, kind, fallback, explain }: { mutationId: number; kind: 'message' | 'comment'; fallback: ReactNode; explain?: (reason: string) => string | null }) {
  const outbox = useAtomValue(myOutboxAtom);
  const retry = useSetAtom(retryEntryAtom);
  const discard = useSetAtom(discardEntryAtom);
  const reason = outbox.find((entry) => entry.mutationId === mutationId)?.error;
  const shown = reason ? (explain?.(reason) ?? translateServerMessage(reason)) : null;
  return (
    <span className={`${kind}-refused`} role="alert">
      <span className={`${kind}-state rejected`}>
        <Icon name="warning" size={14} />
        {shown ?? fallback}
      </span>
      <span className={`${kind}-actions`}>
        <button type="button" className="button button-small" onClick={() => void retry({ mutationId })}>
          <Trans>Tentar de novo</Trans>
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => void discard(mutationId)}>
          <Trans>Descartar</Trans>
        </button>
      </span>
    </span>
  );
}
