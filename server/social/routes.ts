import type { Hono } from 'hono';
import type { AppEnv } from '../hono-env.ts';
import { requireSession } from '../auth/session.ts';
import {
  getConversation,
  listConversationMessages,
  listConversations,
  markRead,
  openWith,
  sendToConversation,
  sendToUser,
} from './conversations/routes.ts';
import { listGroupMessages, sendToGroup } from './groups/messages-routes.ts';
import { acceptInvitation, addMember, demoteMember, ignoreInvitation, promoteMember, removeMember } from './groups/members-routes.ts';
import { createGroup, deleteGroup, getGroup, joinGroup, leaveGroup, listGroupsRoute, updateGroup } from './groups/routes.ts';
import { registerGroupPayments, subscribeToGroup } from './groups/subscription.ts';
import { serveGroupImage, serveMessageImage, serveUserPhoto } from './messages/images-route.ts';
import { shareToChat, shareToGroup, shareToRoom } from './messages/share-routes.ts';
import {
  getEventRecord,
  listAllConversations,
  moderatorConversationMessages,
  requireModerator,
  updateEventRecord,
} from './moderator/routes.ts';
import { listNotifications, markNotificationsRead } from './notifications/routes.ts';
import {
  follow,
  followListRoute,
  profileSlipsRoute,
  myProfile,
  myUpdates,
  resetCounterRoute,
  searchUsersRoute,
  searchWithoutTerm,
  unfollow,
  userProfile,
} from './profile/routes.ts';
import { mountReportRoutes } from './reports/routes.ts';
import { getReward, listRewards } from './rewards/routes.ts';
import { registerRewardPayments } from './rewards/reward-purpose.ts';
import { sendReward } from './rewards/send.ts';
import { getRoom, listRoomMessages, listRoomsRoute, sendToRoom } from './rooms/routes.ts';
import { changePassword, contactDetails, endAllSessions, requestEmailVerification, updateAccount } from './settings/account-routes.ts';
import { createVerifyToken, verifyPhone } from './settings/contact-routes.ts';
import { updatePrivacy } from './settings/privacy-routes.ts';

const COMMON = '/api/client/common';
const MOD = '/api/client/moderador';
const PUBLIC = '/api/client/public';

/**
 * The social area (docs/api/social.md). Static paths are registered before the parameterised ones they would
 * otherwise match (/grupos/salas before /grupos/{id}, /perfil/mostrarMeuPerfil before /perfil/{nomeUsuario}).
 */
export function mountSocialRoutes(app: Hono<AppEnv>): void {
  const s = requireSession;
  registerGroupPayments();
  registerRewardPayments();

  app.get(`${PUBLIC}/fotografias/:userId`, serveUserPhoto);
  app.get(`${PUBLIC}/search/:term/usuarios`, searchUsersRoute);
  app.get(`${PUBLIC}/search/usuarios`, searchWithoutTerm);
  app.get(`${COMMON}/imagens/:id`, s, serveMessageImage);

  // Conversations.
  app.get(`${COMMON}/conversas/fetch`, s, listConversations);
  app.get(`${COMMON}/conversas/setUnreadMessageToFalse`, s, markRead);
  app.get(`${COMMON}/conversas/com/:nomeUsuario`, s, openWith);
  app.post(`${COMMON}/conversas/com/:nomeUsuario/mensagens`, s, sendToUser);
  app.get(`${COMMON}/conversas/:id`, s, getConversation);
  app.get(`${COMMON}/conversas/:id/mensagens`, s, listConversationMessages);
  app.post(`${COMMON}/conversas/:id/mensagens`, s, sendToConversation);
  app.get(`${COMMON}/conversas/:id/shareToChat`, s, shareToChat);

  // Rooms (under /grupos/salas, before the group routes).
  app.get(`${COMMON}/grupos/salas`, s, listRoomsRoute);
  app.get(`${COMMON}/grupos/salas/:id`, s, getRoom);
  app.get(`${COMMON}/grupos/salas/:id/mensagens`, s, listRoomMessages);
  app.post(`${COMMON}/grupos/salas/:id/mensagens`, s, sendToRoom);
  app.get(`${COMMON}/grupos/salas/:id/shareToRoom`, s, shareToRoom);

  // Groups.
  app.get(`${COMMON}/grupos`, s, listGroupsRoute);
  app.post(`${COMMON}/grupos/criarGrupo`, s, createGroup);
  app.get(`${COMMON}/grupos/:id`, s, getGroup);
  app.get(`${COMMON}/grupos/:id/imagem`, s, serveGroupImage);
  app.patch(`${COMMON}/grupos/:id/actualizarGrupo`, s, updateGroup);
  app.delete(`${COMMON}/grupos/:id/apagarGrupo`, s, deleteGroup);
  app.get(`${COMMON}/grupos/:id/sairDoGrupo`, s, leaveGroup);
  app.get(`${COMMON}/grupos/:id/entrar`, s, joinGroup);
  app.get(`${COMMON}/grupos/:id/adicionarUsuario/:userId`, s, addMember);
  app.post(`${COMMON}/grupos/:id/aceitarConvite`, s, acceptInvitation);
  app.post(`${COMMON}/grupos/:id/ignorarConvite`, s, ignoreInvitation);
  app.get(`${COMMON}/grupos/:id/removerUsuario/:userId`, s, removeMember);
  app.get(`${COMMON}/grupos/:id/setAdmin/:userId`, s, promoteMember);
  app.get(`${COMMON}/grupos/:id/unsetAdmin/:userId`, s, demoteMember);
  app.get(`${COMMON}/grupos/:id/subscrever/:plan`, s, subscribeToGroup);
  app.get(`${COMMON}/grupos/:id/mensagens`, s, listGroupMessages);
  app.post(`${COMMON}/grupos/:id/mensagens`, s, sendToGroup);
  app.get(`${COMMON}/grupos/:id/shareToGroup`, s, shareToGroup);

  // Profiles, follows, counters.
  app.get(`${COMMON}/perfil/mostrarMeuPerfil`, s, myProfile);
  app.get(`${COMMON}/perfil/mostrarMeusUpdates`, s, myUpdates);
  app.post(`${COMMON}/perfil/contadores/:nome/zerar`, s, resetCounterRoute);
  app.get(`${COMMON}/perfil/:nomeUsuario`, s, userProfile);
  app.post(`${COMMON}/perfil/:nomeUsuario/seguir`, s, follow);
  app.delete(`${COMMON}/perfil/:nomeUsuario/seguir`, s, unfollow);
  app.get(`${COMMON}/perfil/:nomeUsuario/seguidores`, s, followListRoute('seguidores'));
  app.get(`${COMMON}/perfil/:nomeUsuario/seguindo`, s, followListRoute('seguindo'));
  app.get(`${COMMON}/perfil/:nomeUsuario/fichas`, s, profileSlipsRoute);

  // Notifications.
  app.get(`${COMMON}/notificacoes`, s, listNotifications);
  app.post(`${COMMON}/notificacoes/marcarLidas`, s, markNotificationsRead);

  // Settings and contact.
  app.get(`${COMMON}/conta/contactDetails`, s, contactDetails);
  app.patch(`${COMMON}/conta/actualizar`, s, updateAccount);
  app.patch(`${COMMON}/conta/privacidade`, s, updatePrivacy);
  app.patch(`${COMMON}/conta/actualizarPassword`, s, changePassword);
  app.post(`${COMMON}/conta/terminarSessoes`, s, endAllSessions);
  app.post(`${COMMON}/conta/confirmarEmail`, s, requestEmailVerification);
  app.get(`${COMMON}/contacto/criarNumeroVerifyToken`, s, createVerifyToken);
  app.get(`${COMMON}/contacto/verifyNumeroTelemovel/:token`, s, verifyPhone);
  app.get(`${COMMON}/contacto/verifyNumeroTelemovel`, s, verifyPhone);

  // Rewards.
  app.post(`${COMMON}/recompensas`, s, sendReward);
  for (const list of ['enviadas', 'recebidas', 'reembolsados'] as const) {
    app.get(`${COMMON}/recompensas/${list}`, s, listRewards(list));
    app.get(`${COMMON}/recompensas/${list}/:pagamentoId`, s, getReward);
  }
  app.get(`${COMMON}/recompensas/:pagamentoId`, s, getReward);

  // Moderators (and the privileged account).
  app.get(`${MOD}/evento/:id`, s, requireModerator, getEventRecord);
  app.patch(`${MOD}/evento/:id`, s, requireModerator, updateEventRecord);
  app.get(`${MOD}/conversas`, s, requireModerator, listAllConversations);
  app.get(`${MOD}/conversas/:id/mensagens`, s, requireModerator, moderatorConversationMessages);
  mountReportRoutes(app);
}
