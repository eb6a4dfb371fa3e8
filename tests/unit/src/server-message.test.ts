import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { MSG, SUSPENDED_PREFIX, type MessageKey } from '../../../contract/messages.ts';
import { installServerMessages, messageKey, translateServerMessage } from '../../../src/i18n/server-message.ts';
import { SERVER_MESSAGES, SERVER_MESSAGE_LOOKUP } from '../../../src/i18n/server-message-table.ts';
import { messages as ptMessages } from '../../../locales/pt/messages.po';
import { messages as enMessages } from '../../../locales/en/messages.po';

describe('server message lookup (SPEC §9)', () => {
  beforeAll(() => {
    i18n.load({ pt: ptMessages, en: enMessages });
  });

  it('shows the server text as it comes on a Portuguese page, which loads no table', () => {
    i18n.activate('pt');
    expect(translateServerMessage(MSG.loginPassword)).toBe(MSG.loginPassword);
    expect(translateServerMessage(`${SUSPENDED_PREFIX} 24/11/2026 15:30`)).toBe('A tua conta está suspensa até 24/11/2026 15:30');
  });

  it('keys by lowercase text with spaces as underscores', () => {
    expect(messageKey('Sem rede')).toBe('sem_rede');
  });

  it('has an entry for each contract message, by its id only (the Portuguese text is the contract\'s alone)', () => {
    // From here on, as on an English page, which installs the table with its catalog (src/i18n/setup.ts).
    installServerMessages(SERVER_MESSAGE_LOOKUP);
    for (const key of Object.keys(MSG) as MessageKey[]) {
      expect(SERVER_MESSAGES[key].id).toBe(`server.${key}`);
      expect(SERVER_MESSAGES[key].message).toBeUndefined();
      expect(SERVER_MESSAGE_LOOKUP.get(messageKey(MSG[key]))).toBe(SERVER_MESSAGES[key]);
    }
  });

  it('translates every contract message to en', () => {
    // As an English page does (src/i18n/setup.ts): the table comes with the catalog.
    installServerMessages(SERVER_MESSAGE_LOOKUP);
    i18n.activate('en');
    for (const key of Object.keys(MSG) as MessageKey[]) {
      const english = translateServerMessage(MSG[key]);
      expect(english, key).not.toBe(MSG[key]);
      expect(english.length).toBeGreaterThan(0);
    }
    expect(translateServerMessage('Verifica a tua palavra passe')).toBe('Check your password');
  });

  it('words a suspension with its date in the app language', () => {
    i18n.activate('en');
    expect(translateServerMessage(`${SUSPENDED_PREFIX} 24/11/2026 15:30`)).toBe('Your account is suspended until 24/11/2026 15:30');
    i18n.activate('pt');
    expect(translateServerMessage(`${SUSPENDED_PREFIX} 24/11/2026 15:30`)).toBe('A tua conta está suspensa até 24/11/2026 15:30');
  });

  it('falls back to the original text for an unknown message', () => {
    i18n.activate('en');
    expect(translateServerMessage('Mensagem desconhecida do servidor')).toBe('Mensagem desconhecida do servidor');
  });
});
