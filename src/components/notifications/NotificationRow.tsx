import { Link } from 'wouter';
import { useAtomValue } from 'jotai';
import { dataSaverAtom } from '../../state/data-saver.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NotificationItem } from '../../state/notifications.ts';
import { messageTime } from '../../lib/format.ts';
import { Icon, type IconName } from '../Icon.tsx';
import { notificationText } from './notification-text.ts';

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
  return item.href ? (
    <Link href={item.href} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
