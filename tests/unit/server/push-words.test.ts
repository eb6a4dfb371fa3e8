import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { MSG } from '../../../contract/messages.ts';
import { NOTIFICATION_TIPO, type NotificationData } from '../../../contract/schemas/notification-data.ts';
import type { SignalSender } from '../../../contract/schemas/signals.ts';
import { englishNotificationText } from '../../../server/notify/words-en.ts';
import { notificationText } from '../../../src/components/notifications/notification-text.ts';
import { SERVER_MESSAGE_LOOKUP } from '../../../src/i18n/server-message-table.ts';
import { installServerMessages } from '../../../src/i18n/server-message.ts';
import { messages as enMessages } from '../../../locales/en/messages.po';
import { messages as enLater } from '../../../locales/en/later.po';

// A push shown while no page is open is worded by the server (server/notify/words-en.ts); a notification on a page,
// by the app's en catalog. Both must say the same for the same facts, so a reader sees one text in both places.

const sender: SignalSender = { id: 'u1', nome: 'Nzinga Mbande', nomeUsuario: 'nzinga', fotografia: null };

const CASES: { tipo: string; mensagem: string; sender?: SignalSender; dados?: NotificationData }[] = [
  { tipo: NOTIFICATION_TIPO.groupSubscription, mensagem: 'A tua subscrição do grupo Kiala VIP termina em 2 dias', dados: { grupo: 'Kiala VIP', dias: 2 } },
  { tipo: NOTIFICATION_TIPO.groupSubscription, mensagem: 'A tua subscrição do grupo Kiala VIP termina amanhã', dados: { grupo: 'Kiala VIP', dias: 1 } },
  { tipo: NOTIFICATION_TIPO.groupSubscription, mensagem: 'A tua subscrição do grupo Kiala VIP termina hoje', dados: { grupo: 'Kiala VIP', dias: 0 } },
  {
    tipo: NOTIFICATION_TIPO.groupSubscription,
    mensagem: 'A tua subscrição do grupo Kiala VIP está activa até 9 de dezembro de 2026',
    dados: { grupo: 'Kiala VIP', ate: '2026-12-09T10:00:00.000Z' },
  },
  { tipo: NOTIFICATION_TIPO.groupSubscriber, mensagem: 'Nzinga Mbande subscreveu o grupo Kiala VIP', sender, dados: { grupo: 'Kiala VIP' } },
  { tipo: NOTIFICATION_TIPO.groupRefused, mensagem: 'O pagamento…', dados: { grupo: 'Kiala VIP', limite: 30 } },
  { tipo: NOTIFICATION_TIPO.groupAdded, mensagem: 'Foste adicionado ao grupo Kiala VIP', sender, dados: { grupo: 'Kiala VIP' } },
  { tipo: NOTIFICATION_TIPO.groupInvitation, mensagem: 'Nzinga Mbande convidou-te para o grupo Kiala VIP', sender, dados: { grupo: 'Kiala VIP' } },
  { tipo: NOTIFICATION_TIPO.follower, mensagem: 'Nzinga Mbande começou a seguir-te', sender },
  { tipo: NOTIFICATION_TIPO.reward, mensagem: '…', sender, dados: { valor: 12_500 } },
  { tipo: NOTIFICATION_TIPO.rewardRefunded, mensagem: '…', dados: { valor: 250 } },
  { tipo: NOTIFICATION_TIPO.licence, mensagem: 'A tua subscrição expirou', dados: { licenca: 'expirada' } },
  { tipo: NOTIFICATION_TIPO.slipSettled, mensagem: '…', dados: { estado: 'won', retorno: 1500 } },
  { tipo: NOTIFICATION_TIPO.slipSettled, mensagem: '…', dados: { estado: 'void', retorno: 100 } },
  { tipo: NOTIFICATION_TIPO.slipSettled, mensagem: '…', dados: { estado: 'failed', retorno: 0 } },
  ...(['won', 'failed', 'void'] as const).map((estado) => ({
    tipo: NOTIFICATION_TIPO.legSettled,
    mensagem: '…',
    dados: { posicao: 2, estado, casa: 'Petro de Luanda', fora: '1º de Agosto', golosCasa: 2, golosFora: 0 },
  })),
  { tipo: NOTIFICATION_TIPO.legStarted, mensagem: '…', dados: { posicao: 1, casa: 'Petro de Luanda', fora: '1º de Agosto' } },
  ...[MSG.slipCommented, MSG.licenceRenewed, MSG.licenceApproved, MSG.licenceRejected, MSG.licenceBlocked, MSG.licenceUnblocked, MSG.reportReviewed, MSG.reportAgainst].map(
    (mensagem) => ({ tipo: NOTIFICATION_TIPO.licence, mensagem }),
  ),
];

describe('push words in English', () => {
  beforeAll(() => {
    i18n.load({ en: { ...enMessages, ...enLater } });
    i18n.activate('en');
    installServerMessages(SERVER_MESSAGE_LOOKUP);
  });

  it.each(CASES)('says what the app says in English: $tipo $dados', (note) => {
    const n = { sender: null, dados: null, ...note };
    const server = englishNotificationText(n);
    expect(server).toBe(notificationText(i18n, n));
    // English through and through: nothing left of the Portuguese text.
    expect(server).not.toMatch(/\b(tua|teu|grupo|subscrição|ficha)\b/);
  });

  it('keeps the server text of a notification it knows nothing of', () => {
    expect(englishNotificationText({ tipo: 'novoTipo', mensagem: 'Texto novo', sender: null, dados: null })).toBe('Texto novo');
  });
});
