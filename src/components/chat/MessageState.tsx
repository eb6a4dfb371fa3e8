import { Trans, useLingui } from '@lingui/react/macro';
import type { SyncState } from '../../state/outbox.ts';
import { Icon } from '../Icon.tsx';
import { RefusedChange } from '../outbox/RefusedChange.tsx';

/** A message written on this phone is stored as `local:{mutationId}` until the server's copy replaces it. */
export function mutationIdOf(messageId: string): number | null {
  const match = /^local:(\d+)$/.exec(messageId);
  return match ? Number(match[1]) : null;
}

/**
 * Where an own message is on its way, WhatsApp-style: a clock while it is saved on this phone, a tick once the server
 * has it, the server's reason with retry and discard when refused. The icons carry their words for screen readers
 * (and as a tooltip).
 */
export function MessageState({ id, sync }: { id: string; sync: SyncState }) {
  const { t } = useLingui();
  const mutationId = mutationIdOf(id);
  if (sync === 'rejected' && mutationId !== null) return <RefusedChange mutationId={mutationId} kind="message" fallback={<Trans>Recusada</Trans>} />;
  if (sync === 'sent') {
    const label = t`Enviada`;
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
