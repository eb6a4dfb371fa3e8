import { describe, expect, it } from 'vitest';
import { addToMonth, bytesReceived, monthKey, parseMonthUsage, prefersDataSaver } from '../../../src/lib/data-usage.ts';

describe('data saver counter', () => {
  it('adds the bytes of network responses and nothing for cache or service-worker hits', () => {
    expect(bytesReceived({ transferSize: 1200, workerStart: 0 })).toBe(1200);
    expect(bytesReceived({ transferSize: 0, workerStart: 5 })).toBe(0);
    expect(bytesReceived({ transferSize: 900, workerStart: 5, deliveryType: 'cache' })).toBe(0);
    expect(bytesReceived({ transferSize: Number.NaN, workerStart: 0 })).toBe(0);
    expect(bytesReceived({ transferSize: -4, workerStart: 0 })).toBe(0);
  });

  it('counts within a month and starts again when the month changes', () => {
    const march = new Date(2026, 2, 31, 23, 59);
    const april = new Date(2026, 3, 1, 0, 1);
    let usage = addToMonth(null, 1000, march);
    usage = addToMonth(usage, 500, march);
    expect(usage).toEqual({ month: '2026-03', bytes: 1500 });
    usage = addToMonth(usage, 200, april);
    expect(usage).toEqual({ month: '2026-04', bytes: 200 });
    expect(monthKey(new Date(2026, 11, 5))).toBe('2026-12');
  });

  it('reads a stored month and starts again from a corrupt one', () => {
    expect(parseMonthUsage('{"month":"2026-11","bytes":4096}')).toEqual({ month: '2026-11', bytes: 4096 });
    for (const raw of [null, '', 'nope', '[]', '{"month":"11/2026","bytes":1}', '{"month":"2026-11","bytes":-1}', '{"month":"2026-11"}']) {
      expect(parseMonthUsage(raw)).toBeNull();
    }
    expect(addToMonth({ month: '2026-11', bytes: Number.NaN }, 10, new Date(2026, 10, 24))).toEqual({ month: '2026-11', bytes: 10 });
  });

  it('starts on with Save-Data or a 2G/3G connection, off otherwise', () => {
    expect(prefersDataSaver({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: '3g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: 'slow-2g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: '4g' })).toBe(false);
    expect(prefersDataSaver(undefined)).toBe(false);
  });
});
