import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_MS } from '../../../contract/limits.ts';
import { OFFICIAL_GROUP_IDS } from '../../../contract/schemas/groups.ts';
import { expiryStatus, mustPayRule, type MustPayInput } from '../../../contract/validation/groups.ts';

// SPEC §4: the group paywall (mustPay) and the colour of a membership's expiry.

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const privateGroup: MustPayInput = {
  groupId: '7d1c3a52-1111-4c33-9d44-5e5f6a7b8c9d',
  privado: true,
  isCreator: false,
  isOfficialAccount: false,
  membership: null,
};

describe('mustPay (SPEC §4)', () => {
  it('a private group without a membership must be paid', () => {
    expect(mustPayRule(privateGroup, NOW)).toBe(true);
    expect(mustPayRule({ ...privateGroup, membership: undefined }, NOW)).toBe(true);
  });

  it('the creator never pays for the own group', () => {
    expect(mustPayRule({ ...privateGroup, isCreator: true }, NOW)).toBe(false);
  });

  it('the official account never pays', () => {
    expect(mustPayRule({ ...privateGroup, isOfficialAccount: true }, NOW)).toBe(false);
  });

  it.each(OFFICIAL_GROUP_IDS)('the official group %s is free', (groupId) => {
    expect(mustPayRule({ ...privateGroup, groupId }, NOW)).toBe(false);
  });

  it('an open group is free, member or not', () => {
    expect(mustPayRule({ ...privateGroup, privado: false }, NOW)).toBe(false);
    expect(mustPayRule({ ...privateGroup, privado: false, membership: { expiraEm: null } }, NOW)).toBe(false);
  });

  it.each([
    ['no expiry (added by an administrator)', null, true],
    ['an invalid date', 'amanhã', true],
    ['an empty date', '', true],
    ['a past expiry', iso(NOW - DAY), true],
    ['an expiry exactly now', iso(NOW), true],
    ['an expiry one millisecond ahead', iso(NOW + 1), false],
    ['a future expiry', iso(NOW + 20 * DAY), false],
  ])('a member with %s: mustPay %s', (_label, expiraEm, expected) => {
    expect(mustPayRule({ ...privateGroup, membership: { expiraEm } }, NOW)).toBe(expected);
  });
});

describe('membership expiry colour (SPEC §4)', () => {
  it('red when the date is missing or invalid', () => {
    expect(expiryStatus(null, NOW)).toEqual({ state: 'invalid', colour: 'red' });
    expect(expiryStatus(undefined, NOW).colour).toBe('red');
    expect(expiryStatus('não é uma data', NOW).colour).toBe('red');
  });

  it('red once expired (now included)', () => {
    expect(expiryStatus(iso(NOW - 1), NOW)).toMatchObject({ state: 'expired', colour: 'red' });
    expect(expiryStatus(iso(NOW), NOW)).toMatchObject({ state: 'expired', colour: 'red' });
  });

  it('orange with 3 days or fewer left, exactly 3 days included', () => {
    expect(EXPIRY_WARNING_MS).toBe(3 * DAY);
    expect(expiryStatus(iso(NOW + 1), NOW)).toMatchObject({ state: 'soon', colour: 'orange', msLeft: 1 });
    expect(expiryStatus(iso(NOW + 2 * DAY), NOW)).toMatchObject({ state: 'soon', colour: 'orange' });
    expect(expiryStatus(iso(NOW + 3 * DAY), NOW)).toMatchObject({ state: 'soon', colour: 'orange', msLeft: 3 * DAY });
  });

  it('green with more than 3 days left', () => {
    expect(expiryStatus(iso(NOW + 3 * DAY + 1), NOW)).toMatchObject({ state: 'valid', colour: 'green' });
    expect(expiryStatus(iso(NOW + 365 * DAY), NOW)).toMatchObject({ state: 'valid', colour: 'green' });
  });
});
