import { describe, expect, it } from 'vitest';
import { validateForgot, validateLogin, validateSignUp, type SignUpInput } from '../../../contract/validation/auth.ts';
import { MSG } from '../../../contract/messages.ts';

describe('login rules (SPEC §5 Login)', () => {
  it('normalises the identifier before checking it', () => {
    const result = validateLogin({ userData: '  JoÃo.Silva! ', password: 'segredo123' });
    expect(result).toEqual({ ok: true, value: { userData: 'joaosilva', password: 'segredo123' } });
  });

  it('keeps @ and dots in an e-mail', () => {
    const result = validateLogin({ userData: 'Ana.Bela@Exemplo.AO', password: 'segredo123' });
    expect(result.ok && result.value.userData).toBe('ana.bela@exemplo.ao');
  });

  it('needs at least 3 characters after normalisation', () => {
    expect(validateLogin({ userData: 'a!!b', password: 'segredo123' })).toMatchObject({
      ok: false,
      field: 'userData',
      message: 'Verifica os detalhes que usaste, adicione o teu e-mail ou nome de usuario',
    });
  });

  it('needs a password of at least 8 characters', () => {
    expect(validateLogin({ userData: 'demo', password: '1234567' })).toMatchObject({
      ok: false,
      message: 'Verifica a tua palavra passe',
    });
  });

  it('answers the generic failure when a field is missing', () => {
    expect(validateLogin({ userData: '', password: '' })).toMatchObject({ ok: false, message: MSG.loginFailed });
    expect(validateLogin({ userData: 'demo', password: '' })).toMatchObject({ ok: false, field: 'password', message: MSG.loginFailed });
  });

  it('tells every broken rule at once, each with its field', () => {
    expect(validateLogin({ userData: 'ab', password: '123' })).toMatchObject({
      ok: false,
      errors: [
        { field: 'userData', message: MSG.loginIdentifier },
        { field: 'password', message: MSG.loginPassword },
      ],
    });
    expect(validateLogin({ userData: '', password: '' })).toMatchObject({
      errors: [
        { field: 'userData', message: MSG.loginFailed },
        { field: 'password', message: MSG.loginFailed },
      ],
    });
  });
});

const valid: SignUpInput = {
  nome: 'Ana Bela',
  nomeUsuario: 'AnaBela',
  email: 'ana@exemplo.ao',
  numeroTelemovel: '923 000 000',
  password: 'segredo123',
  passwordConfirmacao: 'segredo123',
};
const withPhone = { requirePhone: true };

function base64Of(bytes: number): string {
  return Buffer.alloc(bytes, 1).toString('base64');
}

describe('sign-up rules (SPEC §5 Sign-up)', () => {
  it('accepts a valid form and normalises username, e-mail and phone', () => {
    const result = validateSignUp({ ...valid, email: ' Ana@Exemplo.AO ', referrer: 'Demo' }, withPhone);
    expect(result).toMatchObject({
      ok: true,
      value: { nomeUsuario: 'anabela', email: 'ana@exemplo.ao', numeroTelemovel: '923000000', referrer: 'demo' },
    });
  });

  it('rejects a photo over 1,000,000 bytes and accepts one at the limit', () => {
    const over = `data:image/png;base64,${base64Of(1_000_001)}`;
    const at = `data:image/png;base64,${base64Of(1_000_000)}`;
    expect(validateSignUp({ ...valid, fotografia: over }, withPhone)).toMatchObject({ ok: false, message: 'Usa uma fotografia mais leve' });
    expect(validateSignUp({ ...valid, fotografia: at }, withPhone).ok).toBe(true);
  });

  it('needs a name of 3 to 50 characters', () => {
    expect(validateSignUp({ ...valid, nome: 'Al' }, withPhone)).toMatchObject({ ok: false, field: 'nome' });
    expect(validateSignUp({ ...valid, nome: 'x'.repeat(51) }, withPhone)).toMatchObject({ ok: false, field: 'nome' });
    expect(validateSignUp({ ...valid, nome: 'x'.repeat(50) }, withPhone).ok).toBe(true);
  });

  it('counts the username after normalisation: 3 to 20', () => {
    expect(validateSignUp({ ...valid, nomeUsuario: 'a-b' }, withPhone)).toMatchObject({ ok: false, field: 'nomeUsuario' });
    expect(validateSignUp({ ...valid, nomeUsuario: 'a'.repeat(21) }, withPhone)).toMatchObject({ ok: false, field: 'nomeUsuario' });
    expect(validateSignUp({ ...valid, nomeUsuario: 'Çábc' }, withPhone).ok).toBe(true);
  });

  it('needs an e-mail of at most 70 characters', () => {
    expect(validateSignUp({ ...valid, email: '' }, withPhone)).toMatchObject({ ok: false, field: 'email' });
    expect(validateSignUp({ ...valid, email: `${'a'.repeat(60)}@exemplo.ao` }, withPhone)).toMatchObject({ ok: false, field: 'email' });
  });

  it('asks for exactly 9 phone digits only on the brand that asks for a phone', () => {
    expect(validateSignUp({ ...valid, numeroTelemovel: '92300000' }, withPhone)).toMatchObject({ ok: false, field: 'numeroTelemovel' });
    expect(validateSignUp({ ...valid, numeroTelemovel: '9230000001' }, withPhone)).toMatchObject({ ok: false, field: 'numeroTelemovel' });
    const noPhone = validateSignUp({ ...valid, numeroTelemovel: '' }, { requirePhone: false });
    expect(noPhone.ok && noPhone.value.numeroTelemovel).toBeUndefined();
  });

  it('needs password and confirmation of 8 or more, and equal', () => {
    const message = 'A palavra passe é diferente da sua confirmação';
    expect(validateSignUp({ ...valid, password: 'curta', passwordConfirmacao: 'curta' }, withPhone)).toMatchObject({ ok: false, message });
    expect(validateSignUp({ ...valid, passwordConfirmacao: 'segredo124' }, withPhone)).toMatchObject({ ok: false, message });
  });
});

describe('sign-up with several broken rules', () => {
  it('tells each field its rule at once, in the order the form shows them', () => {
    const result = validateSignUp({ ...valid, nome: 'Al', numeroTelemovel: '92300', passwordConfirmacao: 'outra1234' }, withPhone);
    expect(result).toMatchObject({
      ok: false,
      field: 'nome',
      message: MSG.nameLength,
      errors: [
        { field: 'nome', message: MSG.nameLength },
        { field: 'numeroTelemovel', message: MSG.phoneInvalid },
        { field: 'passwordConfirmacao', message: MSG.passwordMismatch },
      ],
    });
  });

  it('tells a short password once, under the password, when the confirmation is the same', () => {
    const result = validateSignUp({ ...valid, password: 'curta', passwordConfirmacao: 'curta' }, withPhone);
    expect(result.ok ? [] : result.errors).toEqual([{ field: 'password', message: MSG.passwordMismatch }]);
  });
});

describe('forgot password (SPEC §5)', () => {
  it('needs an identifier', () => {
    expect(validateForgot('  ')).toMatchObject({ ok: false, field: 'identifier', message: 'Adicione o seu e-mail ou nome de usuario' });
    expect(validateForgot('Demo')).toEqual({ ok: true, value: 'demo' });
  });
});
