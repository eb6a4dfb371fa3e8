import { Trans, useLingui } from '@lingui/react/macro';
import type { GroupMemberView, MemberChange } from '../../../state/group-admin.ts';
import type { SyncState } from '../../../state/outbox.ts';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { MemberExpiry } from './MemberExpiry.tsx';
import { shownHandle } from '../../../../contract/official-account.ts';
import { brand } from '../../../i18n/brand.ts';

export type MemberAction = 'promote' | 'demote' | 'remove';

function RoleLabel({ role }: { role: GroupMemberView['role'] }) {
  if (role === 'criador') return <Trans>Criador</Trans>;
  if (role === 'administrador') return <Trans>Administrador</Trans>;
  return <Trans>Membro</Trans>;
}

/** A member change still on its way to the server, in words (SPEC §4 outbox states). */
function PendingLabel({ change, sync, error }: { change: MemberChange; sync: SyncState; error: string | null }) {
  const { t } = useLingui();
  const what: Record<MemberChange, string> = {
    add: t`A adicionar`,
    remove: t`A remover`,
    promote: t`A tornar administrador`,
    demote: t`A remover administrador`,
  };
  if (sync === 'rejected') {
    return (
      <span className="member-pending rejected" role="status">
        {what[change]} — <Trans>recusado:</Trans> {error ? translateServerMessage(error) : <Trans>sem motivo</Trans>}
      </span>
    );
  }
  return (
    <span className="member-pending" role="status">
      {what[change]} — {sync === 'sending' ? <Trans>a enviar</Trans> : <Trans>guardado neste telemóvel, por enviar</Trans>}
    </span>
  );
}

/**
 * The creator and the members with their role and, in a private group, until when each one paid. Those who manage
 * the group (SPEC §6) get promote, demote and remove on every member but the creator and themselves.
 */
export function MemberList({
  members,
  showExpiry,
  manage,
  selfId,
  now,
  onAction,
}: {
  members: GroupMemberView[];
  showExpiry: boolean;
  manage: boolean;
  selfId: string | null;
  now: number;
  onAction: (action: MemberAction, member: GroupMemberView) => void;
}) {
  return (
    <ul className="member-list">
      {members.map((member) => {
        const { usuario } = member;
        const busy = member.pending !== null && member.pending.sync !== 'rejected';
        const actions = manage && member.role !== 'criador' && usuario.id !== selfId && member.pending?.change !== 'add';
        return (
          <li key={usuario.id} className="member-item">
            <span className="avatar" aria-hidden="true">
              {usuario.nome.slice(0, 1).toUpperCase()}
            </span>
            <span className="member-text">
              <span className="member-name">
                {usuario.nome} <span className="muted member-handle">@{shownHandle(usuario.nomeUsuario, brand.locale)}</span>
              </span>
              <span className="member-meta">
                <span className={`member-role role-${member.role}`}>
                  <RoleLabel role={member.role} />
                </span>
                {showExpiry && member.role !== 'criador' && <MemberExpiry expiraEm={member.expiraEm} now={now} />}
              </span>
              {member.pending && <PendingLabel {...member.pending} />}
              {actions && (
                <span className="member-actions">
                  {member.role === 'normal' ? (
                    <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => onAction('promote', member)}>
                      <Trans>Tornar administrador</Trans>
                    </button>
                  ) : (
                    <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => onAction('demote', member)}>
                      <Trans>Remover administrador</Trans>
                    </button>
                  )}
                  <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => onAction('remove', member)}>
                    <Trans>Remover</Trans>
                  </button>
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
