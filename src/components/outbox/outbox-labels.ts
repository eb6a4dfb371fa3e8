import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** What each kind of queued change is called on screen. */
export const OUTBOX_LABELS: Record<string, MessageDescriptor> = {
  'slip.create': msg`Nova ficha`,
  'slip.publish': msg`Publicar ficha`,
  'slip.hide': msg`Ocultar ficha`,
  'slip.save': msg`Guardar ficha`,
  'slip.unsave': msg`Deixar de guardar ficha`,
  'message.send': msg`Mensagem`,
  share: msg`Partilha de ficha`,
  'group.create': msg`Novo grupo`,
  'group.update': msg`Alteração do grupo`,
  'group.addMember': msg`Adicionar membro`,
  'group.removeMember': msg`Remover membro`,
  'group.setAdmin': msg`Promover a administrador`,
  'group.unsetAdmin': msg`Retirar administrador`,
  'group.leave': msg`Sair do grupo`,
  'group.delete': msg`Apagar grupo`,
  'conversation.markRead': msg`Marcar conversa como lida`,
  follow: msg`Seguir`,
  unfollow: msg`Deixar de seguir`,
  'counter.reset': msg`Limpar contador`,
  'account.update': msg`Alteração da conta`,
  'account.privacy': msg`Quem me pode adicionar a grupos`,
  'group.acceptInvitation': msg`Aceitar convite para grupo`,
  'group.ignoreInvitation': msg`Ignorar convite para grupo`,
  'comment.create': msg`Comentário`,
  'report.decide': msg`Decisão sobre denúncia`,
};

export const FALLBACK_LABEL: MessageDescriptor = msg`Alteração`;
