import { Link } from 'wouter';
import { useAtomValue, useSetAtom } from 'jotai';
import { dataSaverAtom } from '../../state/data-saver.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { answerInvitationAtom, type InvitationView, type NotificationItem } from '../../state/notifications.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { messageTime } from '../../lib/format.ts';
import { Icon, type IconName } from '../Icon.tsx';
import { notificationText } from './notification-text.ts';

/** Aceitar / Ignorar while the invitation waits; afterwards what was answered, and a refusal's reason. */
function InvitationActions({ invitation, href }: { invitation: InvitationView; href: string | null }) {
  const answer = useSetAtom(answerInvitationAtom);
  const { groupId, state } = invitation;
  const refused = invitation.answer?.sync === 'rejected' ? translateServerMessage(invitation.answer.error ?? '') : null;
  return (
    <div className="notification-actions">
      {state === 'pendente' ? (
        <>
          <button type="button" className="button button-small" onClick={() => void answer({ groupId, answer: 'aceitar' })}>
            <Trans>Aceitar</Trans>
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => void answer({ groupId, answer: 'ignorar' })}>
            <Trans>Ignorar</Trans>
          </button>
        </>
      ) : (
        <span className="notification-answer" role="status">
          {state === 'aceite' ? <Trans>Convite aceite</Trans> : <Trans>Convite ignorado</Trans>}
          {invitation.answer && invitation.answer.sync !== 'rejected' && (
            <>
              {' '}
              <Trans>(a enviar)</Trans>
            </>
          )}
        </span>
      )}
      {state === 'aceite' && !invitation.answer && href && (
        <Link href={href} className="button button-secondary button-small">
          <Trans>Abrir grupo</Trans>
        </Link>
      )}
      {refused !== null && (
        <p className="form-error" role="alert">
          <Trans>Não foi possivel responder ao convite: {refused}</Trans>
        </p>
      )}
    </div>
  );
}

function iconOf(tipo: string): IconName {
  if (tipo.startsWith('ficha') || tipo === 'comentario') return 'slips';
  if (tipo === 'licenca') return 'subscription';
  if (tipo.startsWith('grupo')) return 'community';
  if (tipo === 'recompensa') return 'rewards';
  return 'notifications';
}

/**
 * One notification: who (the sender's photo and name, or what it is about), what (in the app's language), when, and
 * the screen it concerns. An unread one is marked, and says so to screen readers. The list around it makes its `<li>`.
 */
export function NotificationRow({ item, unread }: { item: NotificationItem; unread: boolean }) {
  const { i18n } = useLingui();
  const saver = useAtomValue(dataSaverAtom);
  const text = notificationText(i18n, item);
  const when = messageTime(item.createdAt);
  const sender = item.sender;
  const body = (
    <>
      {sender?.fotografia && !saver ? (
        // With the data saver on the photo is not fetched: the row is a link, and a tap opens what it concerns.
        <img src={sender.fotografia} alt="" className="notification-photo" loading="lazy" decoding="async" />
      ) : sender ? (
        <span className="notification-photo notification-initial" aria-hidden="true">
          {sender.nome.slice(0, 1).toUpperCase()}
        </span>
      ) : (
        <span className="notification-photo notification-icon" aria-hidden="true">
          <Icon name={iconOf(item.tipo)} />
        </span>
      )}
      <span className="notification-text">
        {unread && (
          <span className="visually-hidden">
            <Trans>Não lida:</Trans>{' '}
          </span>
        )}
        {sender && text.startsWith(sender.nome) ? (
          // 'Joana Silva começou a seguir-te': the name in the text is the one set apart.
          <span className="notification-what">
            <span className="notification-sender">{sender.nome}</span>
            {text.slice(sender.nome.length)}
          </span>
        ) : (
          <>
            {sender && <span className="notification-sender">{sender.nome}</span>}
            <span className="notification-what">{text}</span>
          </>
        )}
        <time className="notification-time" dateTime={item.createdAt}>
          {when}
        </time>
      </span>
      {unread && <span className="notification-dot" aria-hidden="true" />}
    </>
  );
  const className = unread ? 'notification unread' : 'notification';
  // An invitation answers in place (a link holding buttons is not allowed); its group opens once it was accepted.
  if (item.invitation) {
    return (
      <div className={`${className} notification-invitation`}>
        {body}
        <InvitationActions invitation={item.invitation} href={item.href} />
      </div>
    );
  }
  return item.href ? (
    <Link href={item.href} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
