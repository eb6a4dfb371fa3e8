import { describe, expect, it } from 'vitest';
import { angolaDayTime, dayHeading, eventClock, eventDay, formatKz } from '../../../src/lib/format.ts';
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
