import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { notificationText } from '../../../src/components/notifications/notification-text.ts';
import { messages as ptMessages } from '../../../locales/pt/messages.po';
import { messages as enMessages } from '../../../locales/en/messages.po';
// The notifications' texts are in the later catalog (lingui.config.ts, LATER).
import { messages as ptLater } from '../../../locales/pt/later.po';
import { messages as enLater } from '../../../locales/en/later.po';

// Rewards are worded from their facts in the app's language, whatever language the server wrote `mensagem` in.
const sender = { id: 'u1', nome: 'Nzinga Mbande', nomeUsuario: 'nzinga', fotografia: null };

describe('notification text', () => {
  beforeAll(() => i18n.load({ pt: { ...ptMessages, ...ptLater }, en: { ...enMessages, ...enLater } }));

  it('words a received reward from its amount, in en as in pt', () => {
    const note = { tipo: 'recompensa', mensagem: 'Nzinga Mbande enviou-te uma recompensa de 1.500 Kz', sender, dados: { valor: 1500 } };
    i18n.activate('en');
    expect(notificationText(i18n, note)).toMatch(/^Nzinga Mbande sent you a reward of 1[.,\u202f\u00a0]?500/);
    i18n.activate('pt');
    expect(notificationText(i18n, note)).toBe('Nzinga Mbande enviou-te uma recompensa de 1.500 Kz');
  });

  it('words a refunded reward for its sender', () => {
    const note = { tipo: 'recompensaReembolsada', mensagem: 'A tua recompensa de 250 Kz foi reembolsada', sender: null, dados: { valor: 250 } };
    i18n.activate('en');
    expect(notificationText(i18n, note)).toMatch(/^Your reward of 250.* was refunded$/);
  });

  it('falls back to the server text when a reward has no facts (an older server)', () => {
    i18n.activate('en');
    expect(notificationText(i18n, { tipo: 'recompensa', mensagem: 'Texto antigo', sender, dados: null })).toBe('Texto antigo');
  });

  it('words a group subscription about to end and one active in the reader\'s language, the date as the reader writes it', () => {
    const ending = { tipo: 'grupoSubscricao', mensagem: 'A tua subscrição do grupo Kiala VIP termina em 2 dias', sender: null, dados: { grupo: 'Kiala VIP', dias: 2 } };
    // Written before the facts: the old ISO day in `mensagem` is never what is shown.
    const active = {
      tipo: 'grupoSubscricao',
      mensagem: 'A tua subscrição do grupo Kiala VIP está activa até 2026-12-09',
      sender: null,
      dados: { grupo: 'Kiala VIP', ate: '2026-12-09T10:00:00.000Z' },
    };
    i18n.activate('en');
    expect(notificationText(i18n, ending)).toBe('Your subscription to the group Kiala VIP ends in 2 days');
    expect(notificationText(i18n, { ...ending, dados: { grupo: 'Kiala VIP', dias: 1 } })).toBe('Your subscription to the group Kiala VIP ends tomorrow');
    expect(notificationText(i18n, active)).toBe('Your subscription to the group Kiala VIP is active until 9 December 2026');
    i18n.activate('pt');
    expect(notificationText(i18n, ending)).toBe('A tua subscrição do grupo Kiala VIP termina em 2 dias');
    expect(notificationText(i18n, active)).toBe('A tua subscrição do grupo Kiala VIP está activa até 9 de dezembro de 2026');
  });

  it('words the other group notices from their facts', () => {
    i18n.activate('en');
    expect(notificationText(i18n, { tipo: 'grupoSubscritor', mensagem: '…', sender, dados: { grupo: 'Kiala VIP' } })).toBe('Nzinga Mbande subscribed to the group Kiala VIP');
    expect(notificationText(i18n, { tipo: 'grupoAdicionado', mensagem: '…', sender, dados: { grupo: 'Kiala VIP' } })).toBe('You were added to the group Kiala VIP');
    expect(notificationText(i18n, { tipo: 'grupoSubscricaoRecusada', mensagem: '…', sender: null, dados: { grupo: 'Kiala VIP', limite: 30 } })).toBe(
      'The payment for your subscription to the group Kiala VIP was cancelled: the group already has its limit of 30 users',
    );
  });
});
