import { describe, expect, it } from 'vitest';
import { isCallSuccess } from '../../../contract/envelope.ts';

describe('call success (SPEC §5)', () => {
  it('needs the expected status and status success in any letter case', () => {
    expect(isCallSuccess(200, { status: 'SUCCESS' })).toBe(true);
    expect(isCallSuccess(201, { status: 'success' }, 201)).toBe(true);
    expect(isCallSuccess(200, { status: 'success' }, 201)).toBe(false);
    expect(isCallSuccess(200, { status: 'error' })).toBe(false);
    expect(isCallSuccess(200, null)).toBe(false);
    expect(isCallSuccess(200, { message: 'ok' })).toBe(false);
  });
});
