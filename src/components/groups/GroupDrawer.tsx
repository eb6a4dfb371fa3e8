import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import type { UpdateGroupRequest } from '../../../contract/schemas/groups.ts';
import { groupAdminAtom, groupEditAtom, type GroupEditRequest, type GroupEditTexts, type GroupMemberView } from '../../state/group-admin.ts';
import { PENDING } from '../../state/live-atom.ts';
import { refreshGroupAtom } from '../../state/groups.ts';
import { onlineAtom } from '../../state/network.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { Icon } from '../Icon.tsx';
import { AddMember } from './admin/AddMember.tsx';
import { EditGroupForm } from './admin/EditGroupForm.tsx';
import { GroupInfo } from './admin/GroupInfo.tsx';
import { MemberList, type MemberAction } from './admin/MemberList.tsx';
import { CreatorRecord } from '../record/CreatorRecord.tsx';
import { useModal } from '../use-modal.ts';
import './admin/group-admin.css';

const GROUPS_PATH = '/dashboard/comunidade/grupos';

/**
 * The group side drawer (SPEC §2, §4, §6): the group, its creator and members with their roles and paid-until dates;
 * for those who manage it, adding by search, promote, demote, remove and edit; delete for the creator, leave for
 * everyone else in it. Every change goes through the outbox with the toasts of SPEC §8. A control is shown only to a
 * role that may use it (the server refuses the rest anyway).
 */
export function GroupDrawer({ groupId, open, onClose }: { groupId: string; open: boolean; onClose: () => void }) {
  if (!open) return null;
  return <GroupDrawerPanel groupId={groupId} onClose={onClose} />;
}

function GroupDrawerPanel({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const { t } = useLingui();
  const view = useAtomValue(groupAdminAtom(groupId));
  const online = useAtomValue(onlineAtom);
  const self = useAtomValue(sessionUserAtom);
  const refresh = useSetAtom(refreshGroupAtom);
  const runEdit = useSetAtom(groupEditAtom);
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'leave' | null>(null);
  const [gone, setGone] = useState(false);
  const [now] = useState(() => Date.now());
  const panel = useRef<HTMLElement>(null);

  // The members and their dates as the server has them now (offline: what this phone holds).
  useEffect(() => {
    if (!online || groupId.startsWith('local:')) return;
    let current = true;
    void refresh(groupId).then((outcome) => {
      if (current && (outcome === 'gone' || outcome === 'missing')) setGone(true);
    });
    return () => {
      current = false;
    };
  }, [groupId, online, refresh]);

  useModal(panel, onClose, { focus: 'box' });

  const failure = (text: string) => (reason: string) => (reason ? `${text}: ${translateServerMessage(reason)}` : text);
  const queued = t`Guardado neste telemóvel. Será enviado quando houver ligação.`;
  const edit = (request: GroupEditRequest, texts: Omit<GroupEditTexts, 'queued'>) => runEdit({ groupId, edit: request, texts: { ...texts, queued } });

  const onMemberAction = (action: MemberAction, member: GroupMemberView) => {
    const name = member.usuario.nome;
    const memberId = member.usuario.id;
    if (action === 'promote') {
      void edit({ kind: 'group.setAdmin', memberId }, { success: t`${name} é agora administrador`, failure: failure(t`Não foi possivel tornar ${name} administrador`) });
    } else if (action === 'demote') {
      void edit({ kind: 'group.unsetAdmin', memberId }, { success: t`${name} deixou de ser administrador`, failure: failure(t`Não foi possivel remover ${name} dos administradores`) });
    } else {
      void edit({ kind: 'group.removeMember', memberId }, { success: t`${name} removido`, failure: failure(t`Não foi possivel remover ${name}`) });
    }
  };

  const onAdd = (user: PublicUser) => {
    const name = user.nome;
    void edit(
      { kind: 'group.addMember', member: user },
      { success: t`${name} foi adicionado`, invited: t`Convite enviado a ${name}`, failure: failure(t`Não foi possivel adicionar ${name}`) },
    );
  };

  const onSave = (changes: UpdateGroupRequest) => {
    setEditing(false);
    void edit(
      { kind: 'group.update', changes },
      { loading: t`Actualizando novo grupo...`, success: t`Grupo actualizado com sucesso`, failure: failure(t`Não foi possivel actualizar grupo`) },
    );
  };

  const onConfirm = async () => {
    const what = confirm;
    setConfirm(null);
    if (what === 'delete') {
      const result = await edit(
        { kind: 'group.delete' },
        { loading: t`A apagar do grupo...`, success: t`Apagaste este grupo com sucesso`, failure: failure(t`Não foi possivel apagar este grupo`) },
      );
      if (result.ok) navigate(GROUPS_PATH);
    } else if (what === 'leave') {
      const result = await edit(
        { kind: 'group.leave' },
        { loading: t`A sair do grupo`, success: t`Saistes do grupo com sucesso`, failure: failure(t`Não foi possivel sair do grupo`) },
      );
      if (result.ok) navigate(GROUPS_PATH);
    }
  };

  const loaded = view !== PENDING ? view : null;
  const group = loaded?.group ?? null;
  const can = loaded?.can;

  return (
    <>
      <div className="drawer-layer" role="presentation" onClick={onClose}>
        <aside
          ref={panel}
          tabIndex={-1}
          className="drawer group-drawer"
          role="dialog"
          aria-modal="true"
          aria-label={t`Detalhes do grupo`}
          onClick={(event) => event.stopPropagation()}
        >
          <div className="drawer-head">
            <h2 className="dialog-title">
              <Trans>Detalhes do grupo</Trans>
            </h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t`Fechar`}>
              <Icon name="close" />
            </button>
          </div>
          {!group ? (
            <p className="muted">{gone ? <Trans>Este grupo já não existe.</Trans> : <Trans>A carregar o grupo…</Trans>}</p>
          ) : editing ? (
            <EditGroupForm group={group} onSave={onSave} onCancel={() => setEditing(false)} />
          ) : (
            <>
              <GroupInfo group={group} plans={true} headingLevel={3} />
              {group.privado && <CreatorRecord group={group} />}
              {group.sync !== 'sent' && (
                <p className={group.sync === 'rejected' ? 'member-pending rejected' : 'member-pending'} role="status">
                  {group.sync === 'rejected' ? <Trans>Uma alteração deste grupo foi recusada.</Trans> : <Trans>Alterações guardadas neste telemóvel, por enviar.</Trans>}
                </p>
              )}
              {can?.edit && (
                <button type="button" className="button button-secondary group-inline" onClick={() => setEditing(true)}>
                  <Trans>Editar grupo</Trans>
                </button>
              )}
              <section className="group-section" aria-labelledby={`${groupId}-members`}>
                <h3 className="section-title" id={`${groupId}-members`}>
                  <Trans>Membros</Trans>
                </h3>
                <MemberList
                  members={loaded?.members ?? []}
                  showExpiry={group.privado && !group.oficial}
                  manage={can?.manageMembers ?? false}
                  selfId={self?.id ?? null}
                  now={now}
                  onAction={onMemberAction}
                />
              </section>
              {can?.manageMembers && loaded && (
                <section className="group-section" aria-labelledby={`${groupId}-add`}>
                  <h3 className="section-title" id={`${groupId}-add`}>
                    <Trans>Adicionar membro</Trans>
                  </h3>
                  <AddMember memberIds={loaded.memberIds} full={loaded.full} onAdd={onAdd} />
                </section>
              )}
              {(can?.delete || can?.leave) && (
                <div className="group-danger">
                  {can.delete && (
                    <button type="button" className="button button-danger" onClick={() => setConfirm('delete')}>
                      <Icon name="trash" size={18} />
                      <Trans>Apagar grupo</Trans>
                    </button>
                  )}
                  {can.leave && (
                    <button type="button" className="button button-danger" onClick={() => setConfirm('leave')}>
                      <Icon name="logout" size={18} />
                      <Trans>Sair do grupo</Trans>
                    </button>
                  )}
                </div>
              )}
            </>
          )}
        </aside>
      </div>
      {confirm === 'delete' && (
        <ConfirmDialog title={t`Apagar grupo`} confirmLabel={t`Apagar grupo`} cancelLabel={t`Cancelar`} onConfirm={() => void onConfirm()} onCancel={() => setConfirm(null)}>
          <p>
            <Trans>O grupo, os seus membros e as mensagens são apagados para todos. Não é possível desfazer.</Trans>
          </p>
        </ConfirmDialog>
      )}
      {confirm === 'leave' && (
        <ConfirmDialog title={t`Sair do grupo`} confirmLabel={t`Sair do grupo`} cancelLabel={t`Cancelar`} onConfirm={() => void onConfirm()} onCancel={() => setConfirm(null)}>
          <p>
            <Trans>Deixas de ver as mensagens deste grupo. Num grupo privado, voltar a entrar pode exigir uma nova subscrição.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
