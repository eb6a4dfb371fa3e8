import { describe, expect, it } from 'vitest';
import { calendarDay } from '../../../contract/calendar-day.ts';
import { isReservedHandle, shownHandle } from '../../../contract/official-account.ts';

describe('a date written for its reader', () => {
  it('writes the Angolan day as pt-PT and en-GB write a long date', () => {
    expect(calendarDay('2026-12-09T10:00:00.000Z', 'pt')).toBe('9 de dezembro de 2026');
    expect(calendarDay('2026-12-09T10:00:00.000Z', 'en')).toBe('9 December 2026');
    // 23:30 UTC is already the next day in Luanda (UTC+1).
    expect(calendarDay('2026-12-31T23:30:00.000Z', 'en')).toBe('1 January 2027');
    expect(calendarDay('2026-12-31T23:30:00.000Z', 'pt')).toBe(new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long', timeZone: 'Africa/Luanda' }).format(new Date('2026-12-31T23:30:00.000Z')));
    expect(calendarDay('2026-03-05T12:00:00.000Z', 'en')).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Luanda' }).format(new Date('2026-03-05T12:00:00.000Z')));
  });

  it('writes nothing for a date it cannot read', () => {
    expect(calendarDay('amanhã', 'pt')).toBe('');
  });
});

describe("the official account's handle", () => {
  it('is its English alias on en only, and every other handle stays itself', () => {
    expect(shownHandle('fichasoficial', 'en')).toBe('slipmatesofficial');
    expect(shownHandle('FichasOficial', 'en')).toBe('slipmatesofficial');
    expect(shownHandle('fichasoficial', 'pt')).toBe('fichasoficial');
    expect(shownHandle('kiala_tips', 'en')).toBe('kiala_tips');
  });

  it('keeps the alias from anybody else', () => {
    expect(isReservedHandle('slipmatesofficial')).toBe(true);
    expect(isReservedHandle('fichasoficial')).toBe(false);
  });
});

describe("the official account's slip preview (og tags)", () => {
  it('names the author by the alias on en and by the handle on pt', async () => {
    const { slipTags } = await import('../../../server/og/meta.ts');
    const { BRANDS } = await import('../../../contract/brands.ts');
    const preview = { id: 'f1', author: 'fichasoficial', estado: 'pending' as const, valor: 100, multiplicador: 2, retorno: 200, settledAt: null, legs: [], record: null };
    expect(slipTags(preview, BRANDS.slipmates, 'https://slipmates.com/x', 'https://slipmates.com/x.png').title).toContain("@slipmatesofficial's slip");
    expect(slipTags(preview, BRANDS.fichas, 'https://fichas.ao/x', 'https://fichas.ao/x.png').title).toContain('Ficha de @fichasoficial');
  });
});
