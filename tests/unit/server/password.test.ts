import { describe, expect, it } from 'vitest';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../../../server/auth/password.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('palavra-passe');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(hash).not.toContain('palavra-passe');
    expect(await verifyPassword('palavra-passe', hash)).toBe(true);
    expect(await verifyPassword('palavra-passf', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('igual-igual')).not.toBe(await hashPassword('igual-igual'));
  });

  it('matches nothing against an unusable or malformed hash', async () => {
    expect(await verifyPassword('', unusablePasswordHash())).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2')).toBe(false);
  });
});
