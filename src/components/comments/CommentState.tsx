import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { MSG } from '../../../contract/messages.ts';
import { discardEntryAtom, myOutboxAtom, retryEntryAtom, type SyncState } from '../../state/outbox.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';
// A comment written on this phone is `local:{mutationId}` until the server's copy replaces it, as a message is.
import { mutationIdOf } from '../chat/MessageState.tsx';


/** The server's reason for a refused comment, and the two ways out of it. */
function Refused({ mutationId }: { mutationId: number }) {
  const { t } = useLingui();
  const outbox = useAtomValue(myOutboxAtom);
  const retry = useSetAtom(retryEntryAtom);
  const discard = useSetAtom(discardEntryAtom);
  const reason = outbox.find((entry) => entry.mutationId === mutationId)?.error;
  // The server answers 'Não encontrado' for a slip hidden or deleted since: say which.
  const shown = reason === MSG.notFound ? t`Esta ficha foi ocultada ou apagada: o comentário não pode ser publicado.` : reason ? translateServerMessage(reason) : null;
  return (
    <div className="comment-refused" role="alert">
      <span className="comment-state rejected">
        <Icon name="warning" size={14} />
        {shown ?? <Trans>Recusado</Trans>}
      </span>
      <span className="comment-actions">
        <button type="button" className="button button-small" onClick={() => void retry({ mutationId })}>
          <Trans>Tentar de novo</Trans>
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => void discard(mutationId)}>
          <Trans>Descartar</Trans>
        </button>
      </span>
    </div>
  );
}

/** Where an own comment is on its way, as a chat message shows it: saved on this phone, sending, received, refused. */
export function CommentState({ id, sync }: { id: string; sync: SyncState }) {
  const mutationId = mutationIdOf(id);
  if (sync === 'rejected' && mutationId !== null) return <Refused mutationId={mutationId} />;
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
