import { describe, expect, it } from 'vitest';
import { inHostLanguage } from '../../../sw/push-words.ts';

// The service worker shows a push in its host's language: the en host's the English text the server sent along.

const payload = {
  notification: { title: 'Fichas', body: 'A tua subscrição do grupo Kiala VIP termina em 2 dias', icon: '/icons/fichas-192.png', deep_link: '/x' },
  data: { en: { title: 'Slipmates', body: 'Your subscription to the group Kiala VIP ends in 2 days', icon: '/icons/slipmates-192.png' } },
};

describe('a push in the host language', () => {
  it('shows the English text on the en host, keeping where a tap goes', () => {
    expect(inHostLanguage(payload, 'en').notification).toEqual({
      title: 'Slipmates',
      body: 'Your subscription to the group Kiala VIP ends in 2 days',
      icon: '/icons/slipmates-192.png',
      deep_link: '/x',
    });
  });

  it('shows the Portuguese text on the pt host, and a push without English (an older server) as it came', () => {
    expect(inHostLanguage(payload, 'pt')).toBe(payload);
    const old = { notification: payload.notification, data: {} };
    expect(inHostLanguage(old, 'en')).toBe(old);
    const broken = { notification: payload.notification, data: { en: { title: 3 } } };
    expect(inHostLanguage(broken, 'en')).toBe(broken);
  });
});
