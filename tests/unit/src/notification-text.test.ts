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
});
