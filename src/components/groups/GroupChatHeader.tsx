import { Link } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { GroupView } from '../../state/groups.ts';
import { GroupImage } from './GroupImage.tsx';
import { GroupSyncLabel } from './GroupSyncLabel.tsx';
import { Icon } from '../Icon.tsx';

/** A group chat's header: back to the groups, the group's image, name, kind and members, and its details button. */
export function GroupChatHeader({ group, serverId, onDetails }: { group: GroupView; serverId: string | null; onDetails: () => void }) {
  const { t } = useLingui();
  return (
    <header className="chat-head grp-chat-head">
      <Link href="/dashboard/comunidade/grupos" className="icon-button" aria-label={t`Voltar aos grupos`}>
        ←
      </Link>
      <GroupImage nome={group.nome} imagem={group.imagem} size="head" />
      <div className="grp-chat-title">
        <h1>{group.nome}</h1>
        <span>
          {group.privado ? <Trans>Privado</Trans> : <Trans>Aberto</Trans>}
          {' · '}
          <Plural value={group.totalUsuarios} one="# membro" other="# membros" />
          {group.local && (
            <>
              {' · '}
              <GroupSyncLabel sync={group.sync} error={group.syncError} />
            </>
          )}
        </span>
      </div>
      {serverId && (
        <button
          type="button"
          className="button button-small button-secondary grp-details-button"
          aria-label={t`Detalhes do grupo`}
          aria-haspopup="dialog"
          onClick={onDetails}
        >
          <Icon name="community" size={18} />
          <span aria-hidden="true" className="grp-details-text">
            <Trans>Detalhes do grupo</Trans>
          </span>
        </button>
      )}
    </header>
  );
}
