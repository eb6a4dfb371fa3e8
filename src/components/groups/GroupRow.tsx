import { Link } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { GroupView } from '../../state/groups.ts';
import { groupPreview } from '../../lib/group-lists.ts';
import { messageTime } from '../../lib/format.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { GroupImage } from './GroupImage.tsx';
import { GroupSyncLabel } from './GroupSyncLabel.tsx';

/** One group of the list (SPEC §2): image, name, open or private, members, last message, time and unread marker. */
export function GroupRow({ group, selfId }: { group: GroupView; selfId: string }) {
  const own = group.lastSender?.id === selfId;
  const preview = group.lastMessage ? groupPreview(translateServerMessage(group.lastMessage), own) : null;
  const time = group.lastMessageAt ?? (group.local ? group.createdAt : null);
  const members = group.totalUsuarios;
  const { t } = useLingui();
  return (
    <div className={group.unread ? 'grp-row unread' : 'grp-row'}>
      <GroupImage nome={group.nome} imagem={group.imagem} />
      <Link href={`/dashboard/comunidade/grupos/${encodeURIComponent(group.id)}`} className="grp-link">
        <span className="grp-text">
          <span className="grp-name">
            <span className="grp-name-text">{group.nome}</span>
            {group.oficial && (
              <span className="grp-official">
                <Trans>Oficial</Trans>
              </span>
            )}
          </span>
          <span className="grp-facts">
            <span className={group.privado ? 'grp-privacy private' : 'grp-privacy'}>{group.privado ? <Trans>Privado</Trans> : <Trans>Aberto</Trans>}</span>
            {' · '}
            <Plural value={members} one="# membro" other="# membros" />
          </span>
          {group.local || group.sync !== 'sent' ? (
            <GroupSyncLabel sync={group.sync} error={group.syncError} />
          ) : (
            preview && (
              <span className="grp-preview">
                {own && (
                  <>
                    <Trans>Tu:</Trans>{' '}
                  </>
                )}
                {preview}
              </span>
            )
          )}
        </span>
        <span className="grp-meta">
          {time && <span className="muted">{messageTime(time)}</span>}
          {group.unread && (
            <span className="grp-unread" role="img" aria-label={t`Mensagens novas`} />
          )}
        </span>
      </Link>
    </div>
  );
}
