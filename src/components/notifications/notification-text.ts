import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { Notification } from '../../../contract/schemas/notifications.ts';
import type { NotificationData } from '../../../contract/schemas/notification-data.ts';
import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import { calendarDay } from '../../../contract/calendar-day.ts';
import { formatKz } from '../../lib/format.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

// A notification in the app's language, from its kind and facts (`dados`); what has no facts is its server text,
// translated when it is one of the contract's messages (SPEC §9).

/** 'Petro de Luanda 2–0 1º de Agosto', or 'Petro de Luanda vs 1º de Agosto' before there is a score. */
function matchLine(i18n: I18n, d: NotificationData): string | null {
  if (!d.casa || !d.fora) return null;
  const { casa, fora } = d;
  if (typeof d.golosCasa === 'number' && typeof d.golosFora === 'number') return `${casa} ${d.golosCasa}–${d.golosFora} ${fora}`;
  return i18n._(msg`${casa} vs ${fora}`);
}

function slipEventText(i18n: I18n, tipo: string, d: NotificationData): string | null {
  if (tipo === NOTIFICATION_TIPO.slipSettled && d.estado) {
    const retorno = formatKz(d.retorno ?? 0);
    if (d.estado === 'won') return i18n._(msg`A tua ficha ganhou: retorno ${retorno}`);
    if (d.estado === 'void') return i18n._(msg`A tua ficha foi anulada: retorno ${retorno}`);
    return i18n._(msg`A tua ficha perdeu`);
  }
  const posicao = d.posicao;
  const jogo = matchLine(i18n, d);
  if (!posicao || !jogo) return null;
  if (tipo === NOTIFICATION_TIPO.legStarted) return i18n._(msg`Começou o jogo da selecção ${posicao} da tua ficha: ${jogo}`);
  if (tipo === NOTIFICATION_TIPO.legSettled && d.estado === 'won') return i18n._(msg`A selecção ${posicao} da tua ficha ganhou: ${jogo}`);
  if (tipo === NOTIFICATION_TIPO.legSettled && d.estado === 'failed') return i18n._(msg`A selecção ${posicao} da tua ficha perdeu: ${jogo}`);
  if (tipo === NOTIFICATION_TIPO.legSettled && d.estado === 'void') return i18n._(msg`A selecção ${posicao} da tua ficha foi anulada: ${jogo}`);
  return null;
}

/** A group notification from its facts; a date in the reader's language (contract/calendar-day.ts). */
function groupText(i18n: I18n, n: Pick<Notification, 'tipo' | 'sender'>, d: NotificationData): string | null {
  const grupo = d.grupo;
  if (!grupo) return null;
  if (n.tipo === NOTIFICATION_TIPO.groupSubscription && typeof d.dias === 'number') {
    const dias = d.dias;
    if (dias <= 0) return i18n._(msg`A tua subscrição do grupo ${grupo} termina hoje`);
    if (dias === 1) return i18n._(msg`A tua subscrição do grupo ${grupo} termina amanhã`);
    return i18n._(msg`A tua subscrição do grupo ${grupo} termina em ${dias} dias`);
  }
  const data = d.ate ? calendarDay(d.ate, i18n.locale) : '';
  if (n.tipo === NOTIFICATION_TIPO.groupSubscription && data) return i18n._(msg`A tua subscrição do grupo ${grupo} está activa até ${data}`);
  if (n.tipo === NOTIFICATION_TIPO.groupSubscriber && n.sender) {
    const nome = n.sender.nome;
    return i18n._(msg`${nome} subscreveu o grupo ${grupo}`);
  }
  if (n.tipo === NOTIFICATION_TIPO.groupRefused && d.limite) {
    const limite = d.limite;
    return i18n._(msg`O pagamento da subscrição do grupo ${grupo} foi cancelado: o grupo já tem o limite de ${limite} usuarios`);
  }
  if (n.tipo === NOTIFICATION_TIPO.groupAdded) return i18n._(msg`Foste adicionado ao grupo ${grupo}`);
  if (n.tipo === NOTIFICATION_TIPO.groupInvitation && n.sender) {
    const nome = n.sender.nome;
    return i18n._(msg`${nome} convidou-te para o grupo ${grupo}`);
  }
  return null;
}

export function notificationText(i18n: I18n, n: Pick<Notification, 'tipo' | 'mensagem' | 'sender' | 'dados'>): string {
  const d = n.dados ?? {};
  const worded = slipEventText(i18n, n.tipo, d) ?? groupText(i18n, n, d);
  if (worded) return worded;
  if (n.tipo === NOTIFICATION_TIPO.licence && d.licenca === 'expirada') return i18n._(msg`A tua subscrição expirou`);
  if (n.tipo === NOTIFICATION_TIPO.reward && n.sender && typeof d.valor === 'number') {
    const nome = n.sender.nome;
    const valor = formatKz(d.valor);
    return i18n._(msg`${nome} enviou-te uma recompensa de ${valor}`);
  }
  if (n.tipo === NOTIFICATION_TIPO.rewardRefunded && typeof d.valor === 'number') {
    const valor = formatKz(d.valor);
    return i18n._(msg`A tua recompensa de ${valor} foi reembolsada`);
  }
  if (n.tipo === NOTIFICATION_TIPO.follower && n.sender) {
    const nome = n.sender.nome;
    return i18n._(msg`${nome} começou a seguir-te`);
  }
  return translateServerMessage(n.mensagem);
}
