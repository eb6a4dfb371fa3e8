import { describe, expect, it } from 'vitest';
import { sessionOf } from '../../../src/api/session-at-start.ts';
import { SessionSchema } from '../../../contract/schemas/auth.ts';
import { samplesOf } from '../helpers/schema-samples.ts';

// The session read at a first start without zod (api/session-at-start.ts) must accept and refuse what the contract's
// schema does, and hand over the same value.

const valid = {
  user: { id: 'u1', nomeUsuario: 'ana', role: 'usuario', conta: null, name: 'Ana', email: 'ana@exemplo.ao', image: null },
  expires: '2026-12-24T06:45:33.000Z',
};

const cases: unknown[] = [
  valid,
  { ...valid, extra: 1, user: { ...valid.user, password: 'x' } },
  { user: { id: 'u1', nomeUsuario: 'ana', role: 'moderador' }, expires: 'x' },
  { ...valid, user: { ...valid.user, conta: 'oficial' } },
  { ...valid, user: { ...valid.user, conta: 'outra' } },
  { ...valid, user: { ...valid.user, role: 'admin' } },
  { ...valid, user: { ...valid.user, id: 7 } },
  { ...valid, user: { ...valid.user, email: 3 } },
  { ...valid, expires: null },
  { user: null, expires: 'x' },
  {},
  null,
  [],
  'session',
];

describe('sessionOf', () => {
  it('agrees with the contract schema on every answer', () => {
    for (const body of cases) {
      const parsed = SessionSchema.safeParse(body);
      expect(sessionOf(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('agrees with the contract schema on answers generated from it (a field the schema gains shows up here)', () => {
    const samples = samplesOf(SessionSchema);
    expect(samples.length).toBeGreaterThan(50);
    let accepted = 0;
    for (const body of samples) {
      const parsed = SessionSchema.safeParse(body);
      if (parsed.success) accepted += 1;
      expect(sessionOf(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : null);
    }
    // Both kinds are there: answers the schema takes and answers it refuses.
    expect(accepted).toBeGreaterThan(5);
    expect(accepted).toBeLessThan(samples.length);
  });
});
