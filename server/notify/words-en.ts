import { calendarDay } from '../../contract/calendar-day.ts';
import { MSG } from '../../contract/messages.ts';
import { NOTIFICATION_TIPO, type NotificationData } from '../../contract/schemas/notification-data.ts';
import type { NotificacaoSignal } from '../../contract/schemas/signals.ts';
import { kz } from './texts.ts';

// A notification in English, for a push shown by the service worker of an English host while no page is open (the
// page words it itself, through lingui: src/components/notifications/notification-text.ts). The same words as the
// app's en catalog: tests/unit/server/push-words.test.ts holds each to the app's text for the same facts.

/** The contract's messages a notification is sent with, in English (the en catalog's `server.{key}`). */
const MESSAGE_EN: Record<string, string> = {
  [MSG.slipCommented]: 'Commented on your slip',
  [MSG.licenceRenewed]: 'Your subscription has been renewed',
  [MSG.licenceApproved]: 'Your activation has been approved',
  [MSG.licenceRejected]: 'Your proof of payment was refused, send another one',
  [MSG.licenceBlocked]: 'Your subscription has been blocked',
  [MSG.licenceUnblocked]: 'Your subscription has been unblocked',
  [MSG.reportReviewed]: 'Your report has been reviewed',
  [MSG.reportAgainst]: 'A report about you has been reviewed',
  [MSG.paymentUnderReview]: 'We received a payment of another amount than the one asked: our team will review it and contact you',
};

function matchLine(d: NotificationData): string | null {
  if (!d.casa || !d.fora) return null;
  if (typeof d.golosCasa === 'number' && typeof d.golosFora === 'number') return `${d.casa} ${d.golosCasa}–${d.golosFora} ${d.fora}`;
  return `${d.casa} vs ${d.fora}`;
}

function slipEventText(tipo: string, d: NotificationData): string | null {
  if (tipo === NOTIFICATION_TIPO.slipSettled && d.estado) {
    if (d.estado === 'won') return `Your slip won: return ${kz(d.retorno ?? 0)}`;
    if (d.estado === 'void') return `Your slip was voided: return ${kz(d.retorno ?? 0)}`;
    return 'Your slip lost';
  }
  const jogo = matchLine(d);
  if (!d.posicao || !jogo) return null;
  if (tipo === NOTIFICATION_TIPO.legStarted) return `The match of selection ${d.posicao} of your slip has started: ${jogo}`;
  if (tipo !== NOTIFICATION_TIPO.legSettled) return null;
  if (d.estado === 'won') return `Selection ${d.posicao} of your slip won: ${jogo}`;
  if (d.estado === 'failed') return `Selection ${d.posicao} of your slip lost: ${jogo}`;
  if (d.estado === 'void') return `Selection ${d.posicao} of your slip was voided: ${jogo}`;
  return null;
}

function groupText(n: Pick<NotificacaoSignal, 'tipo' | 'sender'>, d: NotificationData): string | null {
  const grupo = d.grupo;
  if (!grupo) return null;
  if (n.tipo === NOTIFICATION_TIPO.groupSubscription && typeof d.dias === 'number') {
    if (d.dias <= 0) return `Your subscription to the group ${grupo} ends today`;
    if (d.dias === 1) return `Your subscription to the group ${grupo} ends tomorrow`;
    return `Your subscription to the group ${grupo} ends in ${d.dias} days`;
  }
  if (n.tipo === NOTIFICATION_TIPO.groupSubscription && d.ate && calendarDay(d.ate, 'en')) {
    return `Your subscription to the group ${grupo} is active until ${calendarDay(d.ate, 'en')}`;
  }
  if (n.tipo === NOTIFICATION_TIPO.groupSubscriber && n.sender) return `${n.sender.nome} subscribed to the group ${grupo}`;
  if (n.tipo === NOTIFICATION_TIPO.groupRefused && d.limite) {
    return `The payment for your subscription to the group ${grupo} was cancelled: the group already has its limit of ${d.limite} users`;
  }
  if (n.tipo === NOTIFICATION_TIPO.groupAdded) return `You were added to the group ${grupo}`;
  if (n.tipo === NOTIFICATION_TIPO.groupInvitation && n.sender) return `${n.sender.nome} invited you to the group ${grupo}`;
  return null;
}

/** The notification's text in English; its Portuguese `mensagem` when nothing of it is known to word. */
export function englishNotificationText(n: Pick<NotificacaoSignal, 'tipo' | 'mensagem' | 'sender' | 'dados'>): string {
  const d = n.dados ?? {};
  const worded = slipEventText(n.tipo, d) ?? groupText(n, d);
  if (worded) return worded;
  if (n.tipo === NOTIFICATION_TIPO.licence && d.licenca === 'expirada') return 'Your subscription has expired';
  if (n.tipo === NOTIFICATION_TIPO.reward && n.sender && typeof d.valor === 'number') return `${n.sender.nome} sent you a reward of ${kz(d.valor)}`;
  if (n.tipo === NOTIFICATION_TIPO.rewardRefunded && typeof d.valor === 'number') return `Your reward of ${kz(d.valor)} was refunded`;
  if (n.tipo === NOTIFICATION_TIPO.follower && n.sender) return `${n.sender.nome} started following you`;
  return MESSAGE_EN[n.mensagem] ?? n.mensagem;
}
