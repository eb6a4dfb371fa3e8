import { describe, expect, it } from 'vitest';
import { angolaDayTime, dayHeading, eventClock, eventDay, formatDecimal, formatKz } from '../../../src/lib/format.ts';
import { safeCallbackUrl } from '../../../src/lib/safe-callback-url.ts';
import { isInAppBrowser } from '../../../src/lib/in-app-browser.ts';

describe('formatting (SPEC §9)', () => {
  it('shows Kz with no decimals and German grouping', () => {
    expect(formatKz(100)).toBe('100 Kz');
    expect(formatKz(1234567.6)).toBe('1.234.568 Kz');
  });

  it('shows event times at UTC+1, 23 wrapping to 00', () => {
    expect(eventClock('2026-11-21T18:30:00Z')).toBe('19:30');
    expect(eventClock('2026-11-21T23:15:00Z')).toBe('00:15');
    expect(eventDay('2026-11-21T23:15:00Z')).toBe('2026-11-22');
    expect(eventClock('not a date')).toBe('--:--');
  });
});

describe('dates written without Intl (the first formatter of a page is slow)', () => {
  // Every day of a year, at a minute that crosses midnight in Angola: the same text as the platform's formatter.
  const days = Array.from({ length: 366 }, (_, index) => new Date(Date.UTC(2028, 0, 1 + index, 23, 7)));
  for (const [locale, tag] of [
    ['pt', 'pt-PT'],
    ['en', 'en-GB'],
  ] as const) {
    it(`writes a day's heading as Intl does for ${tag}`, () => {
      const intl = new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
      for (const date of days) expect(dayHeading(date.toISOString().slice(0, 10), locale)).toBe(intl.format(date));
    });

    it(`writes a moment in Angola's time as Intl does for ${tag}`, () => {
      const intl = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Luanda' });
      for (const date of days) expect(angolaDayTime(date.toISOString(), locale)).toBe(intl.format(date));
    });
  }

  it('writes nothing for a date it cannot read', () => {
    expect(dayHeading('not a day', 'pt')).toBe('');
    expect(angolaDayTime('not a date', 'en')).toBe('');
  });
});

describe('numbers written without Intl (the first number formatter of a page is slow too)', () => {
  // Whole numbers around each grouping step, halves (exact and not: 0.15 is a little under), negatives, tiny values.
  const values = [0, 0.04, 0.05, 0.15, 0.25, 1.005, 2.5, 12.45, 12.5, 99.95, 999, 1000, 1234.5, 9999.99, 10_000, 12_345.55, 123_456, 1_234_567.25, 987_654_321];
  // And a few thousand more of every magnitude, with two or three decimals (the halves are where rounding differs).
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const spread = Array.from({ length: 3000 }, (_, index) => Math.round(next() * 10 ** (index % 9)) / 10 ** (2 + (index % 2)));
  const cases = [...values, ...spread].flatMap((value) => [value, -value, value / 7, -value / 3]);
  for (const [locale, tag] of [
    ['pt', 'pt-PT'],
    ['en', 'en-GB'],
  ] as const) {
    for (const digits of [0, 1, 2]) {
      it(`writes numbers with at most ${digits} decimals as Intl does for ${tag}`, () => {
        const plain = new Intl.NumberFormat(tag, { maximumFractionDigits: digits });
        const signed = new Intl.NumberFormat(tag, { maximumFractionDigits: digits, signDisplay: 'exceptZero' });
        for (const value of cases) {
          // Intl writes "-0" for a negative value that rounds to zero; the app never shows it.
          expect(formatDecimal(value, locale, digits), String(value)).toBe(plain.format(value).replace(/^-0$/, '0'));
          expect(formatDecimal(value, locale, digits, true), String(value)).toBe(signed.format(value));
        }
      });
    }
  }
});

describe('callbackUrl', () => {
  it('keeps same-origin paths and refuses the rest', () => {
    expect(safeCallbackUrl('/dashboard/fichas?x=1')).toBe('/dashboard/fichas?x=1');
    expect(safeCallbackUrl('//evil.example')).toBe('/explorar');
    expect(safeCallbackUrl('https://evil.example')).toBe('/explorar');
    expect(safeCallbackUrl(null)).toBe('/explorar');
    expect(safeCallbackUrl('/login?x')).toBe('/explorar');
  });
});

describe('in-app browsers', () => {
  it('recognises Facebook, Instagram and Android WebViews but not Chrome', () => {
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 10) [FBAN/EMA;FBLC/pt_PT;FBAV/239.0]')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 12; wv) AppleWebKit/537.36 Instagram 250.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36')).toBe(false);
  });
});
