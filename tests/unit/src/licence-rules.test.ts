import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  codeCharacter,
  codeFromBoxes,
  effectiveState,
  formatExpiry,
  isExpiring,
  paymentEnding,
  schedulePrompts,
} from '../../../src/lib/licence-rules.ts';
import { formatKz } from '../../../src/lib/format.ts';
import { LICENCE_PRICES } from '../../../contract/limits.ts';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const HOUR = 3_600_000;

describe('expiring licence (SPEC §4: expiry within 3 days and not yet past)', () => {
  it('is expiring from 3 days before the expiry until the expiry', () => {
    expect(isExpiring(new Date(NOW + 72 * HOUR).toISOString(), NOW)).toBe(true);
    expect(isExpiring(new Date(NOW + 1000).toISOString(), NOW)).toBe(true);
  });

  it('is not expiring earlier, once past, or without an expiry', () => {
    expect(isExpiring(new Date(NOW + 72 * HOUR + 1000).toISOString(), NOW)).toBe(false);
    expect(isExpiring(new Date(NOW).toISOString(), NOW)).toBe(false);
    expect(isExpiring(new Date(NOW - HOUR).toISOString(), NOW)).toBe(false);
    expect(isExpiring(null, NOW)).toBe(false);
  });

  it('reads a habilitada licence past its expiry as expirada, and leaves the other states alone', () => {
    const past = new Date(NOW - 1).toISOString();
    expect(effectiveState('habilitada', past, NOW)).toBe('expirada');
    expect(effectiveState('habilitada', new Date(NOW + HOUR).toISOString(), NOW)).toBe('habilitada');
    expect(effectiveState('bloqueada', past, NOW)).toBe('bloqueada');
    expect(effectiveState('pendente', null, NOW)).toBe('pendente');
  });
});

describe('what the page does by itself (SPEC §4 Subscription estado)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function run(state: Parameters<typeof schedulePrompts>[0]) {
    const handlers = { toast: vi.fn(), openPopup: vi.fn(), timeFlag: vi.fn() };
    const cancel = schedulePrompts(state, handlers);
    return { ...handlers, cancel };
  }

  it('pendente: the welcome toast at once, the popup after 20 s', () => {
    const { toast, openPopup } = run('pendente');
    expect(toast).toHaveBeenCalledExactlyOnceWith('welcome');
    vi.advanceTimersByTime(19_999);
    expect(openPopup).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(openPopup).toHaveBeenCalledOnce();
  });

  it('expirada: the warning toast at once, the popup after 2 s', () => {
    const { toast, openPopup } = run('expirada');
    expect(toast).toHaveBeenCalledExactlyOnceWith('expired');
    vi.advanceTimersByTime(1_999);
    expect(openPopup).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(openPopup).toHaveBeenCalledOnce();
  });

  it('habilitada and bloqueada: no toast and no popup, ever', () => {
    for (const state of ['habilitada', 'bloqueada'] as const) {
      const { toast, openPopup } = run(state);
      vi.advanceTimersByTime(10 * 60_000);
      expect(toast).not.toHaveBeenCalled();
      expect(openPopup).not.toHaveBeenCalled();
    }
  });

  it('turns the time flag on 20 s after the licence loaded, in every state', () => {
    for (const state of ['pendente', 'habilitada', 'expirada', 'bloqueada'] as const) {
      const { timeFlag } = run(state);
      vi.advanceTimersByTime(19_999);
      expect(timeFlag).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(timeFlag).toHaveBeenCalledOnce();
    }
  });

  it('does nothing more once cancelled (the page closed)', () => {
    const { openPopup, timeFlag, cancel } = run('pendente');
    vi.advanceTimersByTime(10_000);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(openPopup).not.toHaveBeenCalled();
    expect(timeFlag).not.toHaveBeenCalled();
  });
});

describe('promo code boxes (SPEC §5: 5 single characters, uppercased, all required)', () => {
  it('keeps one uppercased letter or digit per box', () => {
    expect(codeCharacter('a')).toBe('A');
    expect(codeCharacter('ab')).toBe('B');
    expect(codeCharacter('-')).toBe('');
    expect(codeCharacter('7')).toBe('7');
  });

  it('joins five filled boxes into the code', () => {
    expect(codeFromBoxes(['f', 'i', 'c', 'h', '1'])).toEqual({ ok: true, code: 'FICH1' });
  });

  it('names the empty boxes', () => {
    expect(codeFromBoxes(['F', '', 'C', 'H', ''])).toEqual({ ok: false, missing: [2, 5] });
    expect(codeFromBoxes(['F', 'I'])).toEqual({ ok: false, missing: [3, 4, 5] });
  });
});

describe('the payment frame message (server/payments/page.ts)', () => {
  it('accepts only the end of this payment', () => {
    expect(paymentEnding({ tipo: 'emis', id: 'p1', estado: 'concluido' }, 'p1')).toBe('concluido');
    expect(paymentEnding({ tipo: 'emis', id: 'p1', estado: 'cancelado' }, 'p1')).toBe('cancelado');
    expect(paymentEnding({ tipo: 'emis', id: 'p2', estado: 'concluido' }, 'p1')).toBeNull();
    expect(paymentEnding({ tipo: 'emis', id: 'p1', estado: 'pendente' }, 'p1')).toBeNull();
    expect(paymentEnding('concluido', 'p1')).toBeNull();
  });
});

describe('prices and dates as the page shows them (SPEC §9)', () => {
  it('shows the plans in Kz with no decimals and German grouping', () => {
    expect(formatKz(LICENCE_PRICES.mensal)).toBe('3.800 Kz');
    expect(formatKz(LICENCE_PRICES.trimestral)).toBe('11.000 Kz');
    expect(formatKz(LICENCE_PRICES.anual)).toBe('42.000 Kz');
  });

  it("shows the expiry in Angola's time", () => {
    expect(formatExpiry('2026-11-27T23:30:00Z', 'pt-PT')).toBe('28 de novembro de 2026 às 00:30');
    expect(formatExpiry('not a date', 'pt-PT')).toBe('');
  });
});
