import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { AccountUpdateResponseSchema, ContactDetailsResponseSchema, VerifyTokenResponseSchema } from '../../../contract/schemas/settings.ts';
import { MessageResponseSchema } from '../../../contract/schemas/auth.ts';
import { hashPassword, verifyPassword } from '../../../server/auth/password.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, expectError, expectOk, expectReplay, newUser, PNG_1PX, pngOfSize, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

const A = '/api/client/common/conta';
const K = '/api/client/common/contacto';

async function latestToken(server: TestServer, who: Actor): Promise<string> {
  const row = await server.db
    .selectFrom('verificacoes_telefone')
    .select('token')
    .where('usuario_id', '=', who.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.token;
}

/** Moves the user's codes back in time, as if the rate-limit window had passed. */
async function age(server: TestServer, who: Actor, ms: number): Promise<void> {
  const rows = await server.db.selectFrom('verificacoes_telefone').select(['id', 'created_at']).where('usuario_id', '=', who.id).execute();
  for (const row of rows) {
    await server.db
      .updateTable('verificacoes_telefone')
      .set({ created_at: new Date(Date.parse(row.created_at) - ms).toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
}

describeOnEachDb('settings: contact details and account updates', (server) => {
  it('shows the contact details', async () => {
    const user = await newUser(server(), 'contacto');
    const body = expectOk(await user.get(`${A}/contactDetails`), ContactDetailsResponseSchema);
    expect(body.contactDetails).toEqual({
      email: { email: `${user.nomeUsuario}@teste.ao`, verificado: false },
      numeroTelemovel: { numero: '923999000', verificado: false },
    });
    expectError(await anonymous(server()).get(`${A}/contactDetails`), 401);
  });

  it('updates name, photo, phone and socials; a new phone must be verified again', async () => {
    const user = await newUser(server(), 'conta');
    await server().db.insertInto('perfis').values({ usuario_id: user.id, banca_amount: 0, banca_trend: 'up', socials: '{}', nif_verificado: 0, telefone_verificado: 1, foto_versao: 0 }).execute();
    const res = await user.send('PATCH', `${A}/actualizar`, {
      nome: '  Nome   Novo ',
      fotografia: PNG_1PX,
      numeroTelemovel: { numero: '923 111 222' },
      socials: { instagram: '@novo' },
    });
    const { usuario } = expectOk(res, AccountUpdateResponseSchema);
    expect(res.body.message).toBe(MSG.accountUpdated);
    expect(usuario).toMatchObject({ nome: 'Nome Novo', numeroTelemovel: '923111222', telefoneVerificado: false });
    expect(usuario.fotografia).toMatch(/^\/api\/client\/public\/fotografias\//);
    const stored = await server().db.selectFrom('usuarios').select(['nome', 'telefone', 'fotografia']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ nome: 'Nome Novo', telefone: '923111222', fotografia: PNG_1PX });
    // Sending the photo URL back keeps it; null removes it.
    const kept = expectOk(await user.send('PATCH', `${A}/actualizar`, { fotografia: usuario.fotografia }), AccountUpdateResponseSchema);
    expect(kept.usuario.fotografia).toBe(usuario.fotografia);
    const removed = expectOk(await user.send('PATCH', `${A}/actualizar`, { fotografia: null }), AccountUpdateResponseSchema);
    expect(removed.usuario.fotografia).toBeNull();
  });

  it.each([
    ['a name under 3 characters', { nome: 'Jo' }, 400, MSG.nameLength],
    ['a phone that is not 9 digits', { numeroTelemovel: '92345' }, 400, MSG.phoneInvalid],
    ['a photo over 1,000,000 bytes', { fotografia: pngOfSize(1_000_001) }, 413, MSG.photoTooLarge],
    ['a photo that is not an image', { fotografia: 'data:image/png;base64,aGVsbG8=' }, 400, MSG.imageProblem],
    ['a photo that is a foreign URL', { fotografia: 'https://example.com/a.png' }, 400, MSG.imageProblem],
    ['a name that is a number', { nome: 7 }, 400, MSG.invalidRequest],
    ['too many social links', { socials: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`s${i}`, 'x'])) }, 400, MSG.invalidRequest],
    ['malformed JSON', '{"nome":', 400, MSG.invalidRequest],
  ])('refuses %s and changes nothing', async (_label, body, status, message) => {
    const user = await newUser(server(), 'conta');
    expectError(await user.send('PATCH', `${A}/actualizar`, body), status, message);
    const stored = await server().db.selectFrom('usuarios').select(['nome', 'telefone', 'fotografia']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ nome: `Teste ${user.nomeUsuario}`, telefone: '923999000', fotografia: null });
  });

  it('changes the password with the current one; refuses a wrong current password or a mismatch', async () => {
    const user = await newUser(server(), 'senha');
    await server().db.updateTable('usuarios').set({ password_hash: await hashPassword('antiga123') }).where('id', '=', user.id).execute();
    expectError(await user.send('PATCH', `${A}/actualizarPassword`, { passwordActual: 'errada123', password: 'novanova1', passwordConfirmacao: 'novanova1' }), 400, MSG.passwordCurrentWrong);
    expectError(await user.send('PATCH', `${A}/actualizarPassword`, { passwordActual: 'antiga123', password: 'curta', passwordConfirmacao: 'curta' }), 400, MSG.passwordMismatch);
    expectError(await user.send('PATCH', `${A}/actualizarPassword`, { passwordActual: 'antiga123', password: 'novanova1', passwordConfirmacao: 'novanova2' }), 400, MSG.passwordMismatch);
    expectError(await user.send('PATCH', `${A}/actualizarPassword`, { passwordActual: '', password: 'novanova1', passwordConfirmacao: 'novanova1' }), 400, MSG.passwordCurrentWrong);
    expectError(await user.send('PATCH', `${A}/actualizarPassword`, { password: 'novanova1' }), 400, MSG.invalidRequest);
    const change = { passwordActual: 'antiga123', password: 'novanova1', passwordConfirmacao: 'novanova1' };
    const key = { 'idempotency-key': `senha-${user.id}` };
    const res = await user.send('PATCH', `${A}/actualizarPassword`, change, key);
    expect(res.status).toBe(200);
    expect(MessageResponseSchema.parse(res.body).message).toBe(MSG.passwordChanged);
    const row = await server().db.selectFrom('usuarios').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword('novanova1', row.password_hash)).toBe(true);
    // The change renews the caller's cookie (tests/unit/server/session-end.test.ts); with it, a replay is answered
    // from the store and changes nothing (the old password no longer matches, which a new run would refuse).
    const renewed = /authjs\.session-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const replay = await server().app.request(`http://localhost:8080${A}/actualizarPassword`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fichas', cookie: `authjs.session-token=${renewed}`, ...key },
      body: JSON.stringify(change),
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(res.body);
  });

  it('replays an account update without changing anything', async () => {
    const user = await newUser(server(), 'conta');
    await expectReplay(server(), (key) => user.send('PATCH', `${A}/actualizar`, { nome: 'Uma Vez Só', fotografia: PNG_1PX }, key));
  });
});

describeOnEachDb('settings: phone verification', (server) => {
  it('sends a 6-digit code by SMS (a file under DATA_DIR/sms; the log names only the file) and verifies the number with it', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const user = await newUser(server(), 'tel');
      const res = await user.get(`${K}/criarNumeroVerifyToken`);
      const body = expectOk(res, VerifyTokenResponseSchema);
      expect(body.message).toBe(MSG.verifyTokenSent);
      const token = await latestToken(server(), user);
      expect(token).toMatch(/^\d{6}$/);
      const logged = log.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(logged).not.toContain(token);
      expect(logged).not.toContain('923999000');
      const path = /\[sms\].* (\S+\.txt)$/m.exec(logged)?.[1] ?? '';
      expect(path.startsWith(join(server().config.dataDir, 'sms'))).toBe(true);
      const sms = readFileSync(path, 'utf8');
      expect(sms).toContain('Para: 923999000');
      expect(sms).toContain(`O teu codigo de verificacao Fichas é ${token}`);
      expect(statSync(path).mode & 0o077).toBe(0);
      const ok = await user.get(`${K}/verifyNumeroTelemovel/${token}`);
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(MSG.phoneVerified);
      const details = expectOk(await user.get(`${A}/contactDetails`), ContactDetailsResponseSchema).contactDetails;
      expect(details.numeroTelemovel.verificado).toBe(true);
      // A used code does not work twice.
      expectError(await user.get(`${K}/verifyNumeroTelemovel/${token}`), 400, MSG.verifyTokenInvalid);
    } finally {
      log.mockRestore();
    }
  });

  it('limits codes to one a minute (429) and needs a phone on the account', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const user = await newUser(server(), 'tel');
      expect((await user.get(`${K}/criarNumeroVerifyToken`)).status).toBe(200);
      const limited = await user.get(`${K}/criarNumeroVerifyToken`);
      expectError(limited, 429, MSG.verifyTokenWait);
      expect(limited.headers.get('retry-after')).toBe('60');
      await age(server(), user, 61_000);
      expect((await user.get(`${K}/criarNumeroVerifyToken`)).status).toBe(200);
      const noPhone = await newUser(server(), 'semtel', { telefone: null });
      expectError(await noPhone.get(`${K}/criarNumeroVerifyToken`), 400, MSG.phoneMissing);
    } finally {
      log.mockRestore();
    }
  });

  it('refuses a missing, malformed, wrong or expired code; five wrong tries spend the code', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const user = await newUser(server(), 'tel');
      expectError(await user.get(`${K}/verifyNumeroTelemovel`), 400, MSG.verifyTokenRequired);
      expectError(await user.get(`${K}/verifyNumeroTelemovel/%20`), 400, MSG.verifyTokenRequired);
      expectError(await user.get(`${K}/verifyNumeroTelemovel/12ab`), 400, MSG.verifyTokenInvalid);
      expectError(await user.get(`${K}/verifyNumeroTelemovel/123456`), 400, MSG.verifyTokenInvalid);
      await user.get(`${K}/criarNumeroVerifyToken`);
      const token = await latestToken(server(), user);
      const wrong = token === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) expectError(await user.get(`${K}/verifyNumeroTelemovel/${wrong}`), 400, MSG.verifyTokenInvalid);
      expectError(await user.get(`${K}/verifyNumeroTelemovel/${token}`), 400, MSG.verifyTokenInvalid);

      await age(server(), user, 61_000);
      await user.get(`${K}/criarNumeroVerifyToken`);
      const fresh = await latestToken(server(), user);
      await server().db.updateTable('verificacoes_telefone').set({ expira_em: new Date(Date.now() - 1000).toISOString() }).where('token', '=', fresh).where('usuario_id', '=', user.id).execute();
      expectError(await user.get(`${K}/verifyNumeroTelemovel/${fresh}`), 400, MSG.verifyTokenInvalid);
    } finally {
      log.mockRestore();
    }
  });

  it('counts a try in the statement that checks the limit: 40 concurrent guesses get 5 checks, none beyond', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const user = await newUser(server(), 'tel');
      expectOk(await user.get(`${K}/criarNumeroVerifyToken`), VerifyTokenResponseSchema);
      // The right code is the last of 40 guesses sent at once; only the first 5 checked may decide anything.
      await server().db.updateTable('verificacoes_telefone').set({ token: '000039' }).where('usuario_id', '=', user.id).execute();
      const guesses = Array.from({ length: 40 }, (_, i) => String(i).padStart(6, '0'));
      const answers = await Promise.all(guesses.map((guess) => user.get(`${K}/verifyNumeroTelemovel/${guess}`)));
      const row = await server().db.selectFrom('verificacoes_telefone').select(['tentativas', 'usado']).where('usuario_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.tentativas).toBe(5);
      const accepted = answers.filter((answer) => answer.status === 200).length;
      expect(accepted).toBe(row.usado);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(40 - accepted);
      // Whatever the order, the code is spent now: the right guess sent again is refused unless it already won.
      const again = await user.get(`${K}/verifyNumeroTelemovel/000039`);
      expect(again.status).toBe(400);
    } finally {
      log.mockRestore();
    }
  });

  it('replays code creation and verification without changing anything', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const user = await newUser(server(), 'tel');
      await expectReplay(server(), (key) => user.get(`${K}/criarNumeroVerifyToken`, key));
      const token = await latestToken(server(), user);
      await expectReplay(server(), (key) => user.get(`${K}/verifyNumeroTelemovel/${token}`, key));
    } finally {
      log.mockRestore();
    }
  });
});
