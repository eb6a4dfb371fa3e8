import { describe, expect, it } from 'vitest';
import { eventClock, eventDay, formatKz } from '../../../src/lib/format.ts';
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
