import { Trans, useLingui } from '@lingui/react/macro';
import { MSG } from '../../../contract/messages.ts';
import type { SyncState } from '../../state/outbox.ts';
import { Icon } from '../Icon.tsx';
import { RefusedChange } from '../outbox/RefusedChange.tsx';
// A comment written on this phone is `local:{mutationId}` until the server's copy replaces it, as a message is.
import { mutationIdOf } from '../chat/MessageState.tsx';

/** Where an own comment is on its way, as a chat message shows it: saved on this phone, sending, received, refused. */
export function CommentState({ id, sync }: { id: string; sync: SyncState }) {
  const { t } = useLingui();
  const mutationId = mutationIdOf(id);
  if (sync === 'rejected' && mutationId !== null) {
    // The server answers 'Não encontrado' for a slip hidden or deleted since: say which.
    const explain = (reason: string) => (reason === MSG.notFound ? t`Esta ficha foi ocultada ou apagada: o comentário não pode ser publicado.` : null);
    return <RefusedChange mutationId={mutationId} kind="comment" fallback={<Trans>Recusado</Trans>} explain={explain} />;
  }
  if (sync === 'sent') {
    return (
      <span className="comment-state sent">
        <Icon name="check" size={14} />
        <Trans>Recebido pelo servidor</Trans>
      </span>
    );
  }
  return (
    <span className={`comment-state ${sync}`}>
      <Icon name="pending" size={14} />
      {sync === 'sending' ? <Trans>A enviar...</Trans> : sync === 'paused' ? <Trans>À espera que voltes a entrar</Trans> : <Trans>Guardado neste telemóvel</Trans>}
    </span>
  );
}
