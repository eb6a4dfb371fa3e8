import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { discardEntryAtom, myOutboxAtom, retryEntryAtom, type SyncState } from '../../state/outbox.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';

/** A message written on this phone is stored as `local:{mutationId}` until the server's copy replaces it. */
export function mutationIdOf(messageId: string): number | null {
  const match = /^local:(\d+)$/.exec(messageId);
  return match ? Number(match[1]) : null;
}

/** The server's reason for a refused message, and the two ways out of it. */
function Refused({ mutationId }: { mutationId: number }) {
  const outbox = useAtomValue(myOutboxAtom);
  const retry = useSetAtom(retryEntryAtom);
  const discard = useSetAtom(discardEntryAtom);
  const reason = outbox.find((entry) => entry.mutationId === mutationId)?.error;
  return (
    <span className="message-refused" role="alert">
      <span className="message-state rejected">
        <Icon name="warning" size={14} />
        {reason ? translateServerMessage(reason) : <Trans>Recusada</Trans>}
      </span>
      <span className="message-actions">
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

/**
 * Where an own message is on its way, WhatsApp-style: a clock while it is saved on this phone, a tick once the server
 * has it, the server's reason with retry and discard when refused. The icons carry their words for screen readers
 * (and as a tooltip).
 */
export function MessageState({ id, sync }: { id: string; sync: SyncState }) {
  const { t } = useLingui();
  const mutationId = mutationIdOf(id);
  if (sync === 'rejected' && mutationId !== null) return <Refused mutationId={mutationId} />;
  if (sync === 'sent') {
    const label = t`Recebida pelo servidor`;
    return (
      <span className="message-state sent" title={label}>
        <Icon name="check" size={14} />
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  if (sync === 'sending') {
    return (
      <span className="message-state sending">
        <Icon name="pending" size={14} />
        <Trans>A enviar...</Trans>
      </span>
    );
  }
  if (sync === 'paused') {
    return (
      <span className="message-state paused">
        <Icon name="pending" size={14} />
        <Trans>À espera que voltes a entrar</Trans>
      </span>
    );
  }
  const label = t`Guardada neste telemóvel`;
  return (
    <span className="message-state saved" title={label}>
      <Icon name="pending" size={14} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
