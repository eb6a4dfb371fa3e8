import { describe, expect, it } from 'vitest';
import { SignUpRequestSchema } from '../../../contract/schemas/auth.ts';
import { SendMessageRequestSchema } from '../../../contract/schemas/chats.ts';
import { CreateGroupRequestSchema, UpdateGroupRequestSchema } from '../../../contract/schemas/groups.ts';
import { AccountUpdateRequestSchema } from '../../../contract/schemas/settings.ts';
import { CommentRequestSchema } from '../../../contract/schemas/slips.ts';
import { cleanName, cleanText } from '../../../contract/text.ts';
import { validateSignUp } from '../../../contract/validation/auth.ts';
import { validateDisplayName, validateGroupFields, validateMessage } from '../../../contract/validation/social.ts';

const DECOMPOSED = 'Jo\u0061\u0303o Sebastia\u0303o'; // "João Sebastião" with combining tildes
const COMPOSED = 'João Sebastião';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';
const EMOJI = '⚽🇦🇴👨‍👩‍👧';

describe('cleanText (messages, comments, links)', () => {
  it('composes to NFC', () => {
    expect(cleanText(DECOMPOSED)).toBe(COMPOSED);
    expect(cleanText(DECOMPOSED).length).toBeLessThan(DECOMPOSED.length);
  });

  it('keeps line feeds, tabs, accents and emoji (with their joiners)', () => {
    const text = `Golo!\n\tKuduro é ${EMOJI} Nzinga Mbande`;
    expect(cleanText(text)).toBe(text);
  });

  it('strips NUL and the other C0/C1 controls and DEL, and carriage returns', () => {
    expect(cleanText('a\u0000b\u0001c\u001Bd\u007Fe\u0085f\u009Fg')).toBe('abcdefg');
    expect(cleanText('linha 1\r\nlinha 2')).toBe('linha 1\nlinha 2');
  });

  it('strips lone surrogates but keeps pairs', () => {
    expect(cleanText(`a${LONE_HIGH}b${LONE_LOW}c😀`)).toBe('abc😀');
    expect(cleanText(`${LONE_LOW}${LONE_HIGH}`)).toBe('');
  });

  it('composes what a removed character kept apart, so the result is NFC and cleaning twice changes nothing', () => {
    expect(cleanText('a\u0000\u0303')).toBe('ã');
    expect(cleanName('a\u202E\u0303')).toBe('ã');
    for (const sample of [DECOMPOSED, `x${LONE_HIGH}\u0000${LONE_LOW}y`, 'e\u200E\u0301', `\u202E${EMOJI}\r\n`]) {
      for (const clean of [cleanText, cleanName]) {
        const once = clean(sample);
        expect(once).toBe(once.normalize('NFC'));
        expect(clean(once)).toBe(once);
      }
    }
  });

  it('strips bidi embeddings, overrides and isolates', () => {
    expect(cleanText('ficha\u202Egnp.exe\u202C \u2066x\u2069 \u202Ay\u202B')).toBe('fichagnp.exe x y');
  });
});

describe('cleanName (names, handles, group names)', () => {
  it('composes to NFC and keeps Angolan names, accents and emoji', () => {
    expect(cleanName(DECOMPOSED)).toBe(COMPOSED);
    expect(cleanName(`Ngola Kiluanje ${EMOJI}`)).toBe(`Ngola Kiluanje ${EMOJI}`);
  });

  it('turns line breaks and tabs into spaces and strips every other control', () => {
    expect(cleanName('Ana\nMaria\tda\r\nSilva\u2028X')).toBe('Ana Maria da  Silva X');
    expect(cleanName('A\u0000n\u0007a\u009B')).toBe('Ana');
  });

  it('strips bidi controls, direction marks, zero-width space and BOM', () => {
    expect(cleanName('\u202Enimda\u202C \u200Eb\u200Fc\u061Cd \u2067e\u2069 \u200Bf\uFEFF')).toBe('nimda bcd e f');
  });

  it('strips lone surrogates', () => {
    expect(cleanName(`Zé${LONE_LOW}${LONE_HIGH}`)).toBe('Zé');
  });
});

describe('request schemas clean their text fields', () => {
  const hostile = `\u202E${DECOMPOSED}\u0000${LONE_HIGH}`;

  it('sign-up: nome, nomeUsuario and referrer', () => {
    const parsed = SignUpRequestSchema.parse({
      nome: hostile,
      nomeUsuario: 'ana\u0000_\u202Ebela',
      email: { email: 'ana@exemplo.ao' },
      password: 'segredo123',
      passwordConfirmacao: 'segredo123',
      referrer: 'demo\u0000',
    });
    expect(parsed).toMatchObject({ nome: COMPOSED, nomeUsuario: 'ana_bela', referrer: 'demo' });
  });

  it('messages and comments keep their lines', () => {
    expect(SendMessageRequestSchema.parse({ mensagem: `${hostile}\nok` }).mensagem).toBe(`${COMPOSED}\nok`);
    expect(CommentRequestSchema.parse({ texto: hostile }).texto).toBe(COMPOSED);
  });

  it('group names and account names, and social links', () => {
    expect(CreateGroupRequestSchema.parse({ nome: hostile }).nome).toBe(COMPOSED);
    expect(UpdateGroupRequestSchema.parse({ nome: hostile }).nome).toBe(COMPOSED);
    const account = AccountUpdateRequestSchema.parse({ nome: hostile, socials: { 'insta\u202Egram': 'https://x.ao/\u0000a' } });
    expect(account).toMatchObject({ nome: COMPOSED, socials: { instagram: 'https://x.ao/a' } });
  });

  it('still refuses what is too long as sent', () => {
    expect(CommentRequestSchema.safeParse({ texto: 'a'.repeat(10_001) }).success).toBe(false);
  });
});

describe('the shared validators clean raw text too (for server code that reads it outside a schema)', () => {
  it('names: a name of only invisible characters is too short', () => {
    expect(validateDisplayName('\u202E\u0000\u200B\u202C').ok).toBe(false);
    expect(validateDisplayName(`\u202E${DECOMPOSED}`)).toEqual({ ok: true, value: COMPOSED });
    expect(validateGroupFields({ nome: `Grupo\u0000 ${DECOMPOSED}`, privado: false, planos: undefined })).toMatchObject({
      ok: true,
      value: { nome: `Grupo ${COMPOSED}` },
    });
    const signUp = validateSignUp(
      { nome: `${DECOMPOSED}\u2066`, nomeUsuario: 'joao', email: 'j@x.ao', password: 'segredo123', passwordConfirmacao: 'segredo123' },
      { requirePhone: false },
    );
    expect(signUp.ok && signUp.value.nome).toBe(COMPOSED);
  });

  it('messages: a message of only control characters is empty', () => {
    expect(validateMessage('\u0000\u0001', []).ok).toBe(false);
    expect(validateMessage(`ola\u0000 ${LONE_HIGH}`, [])).toEqual({ ok: true, value: 'ola' });
  });
});
