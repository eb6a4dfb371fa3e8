import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { VerifyTokenResponseSchema } from '../../../contract/schemas/settings.ts';
import { MessageResponseSchema } from '../../../contract/schemas/auth.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectError, expectOk, newUser, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';
import { codeSms } from '../../../server/social/settings/contact-routes.ts';
import { BRANDS } from '../../../contract/brands.ts';

// Phone verification codes through Twilio's Messages API, over HTTP against the local fake (tests/fakes/twilio.ts):
// what is sent and how, a number Twilio refuses, a gateway that fails and recovers or stays down (the user is told
// the code was not sent, never that it was), the per-number limit, and no log line with a code or a whole number.

const K = '/api/client/common/contacto';
const twilio: FakeTwilio = await startFakeTwilio();
afterAll(() => twilio.close());

async function codesOf(server: TestServer, who: Actor): Promise<string[]> {
  const rows = await server.db.selectFrom('verificacoes_telefone').select('token').where('usuario_id', '=', who.id).execute();
  return rows.map((row) => row.token);
}

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  for (const level of ['info', 'warn', 'log', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});
afterEach(() => vi.restoreAllMocks());

describeOnEachDb(
  'phone codes through Twilio',
  (server) => {
    let phone = 100_000;
    /** A user with a number of its own (the per-number limit counts by number). */
    const withPhone = (telefone = `923${String((phone += 1)).padStart(6, '0')}`) => newUser(server(), 'sms', { telefone });

    it('sends the code to +244 and the number, from the configured sender, and the code verifies the phone', async () => {
      const telefone = `923${String((phone += 1)).padStart(6, '0')}`;
      const user = await withPhone(telefone);
      const before = twilio.sent.length;
      const body = expectOk(await user.get(`${K}/criarNumeroVerifyToken`), VerifyTokenResponseSchema);
      expect(body.message).toBe(MSG.verifyTokenSent);
      const [code] = await codesOf(server(), user);
      const sent = twilio.sent.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: `+244${telefone}`, from: '+15005550006', messagingServiceSid: null });
      expect(sent[0]?.body).toBe(`O teu codigo de verificacao Fichas é ${code}. É valido durante 10 minutos.`);
      expect(expectOk(await user.get(`${K}/verifyNumeroTelemovel/${code}`), MessageResponseSchema).message).toBe(MSG.phoneVerified);
      const all = logged.join('\n');
      expect(all).not.toContain(code);
      expect(all).not.toContain(telefone);
    });

    it('says plainly when Twilio refuses the number, keeps no code, and does not try again', async () => {
      const user = await withPhone();
      const requests = twilio.requests;
      twilio.fail({ status: 400, code: 21211 });
      expectError(await user.get(`${K}/criarNumeroVerifyToken`), 502, MSG.smsNumberRefused);
      expect(twilio.requests - requests).toBe(1);
      expect(await codesOf(server(), user)).toEqual([]);
      // Not sent, so no minute to wait: asking again sends one.
      expectOk(await user.get(`${K}/criarNumeroVerifyToken`), VerifyTokenResponseSchema);
    });

    it('tries again after a 5xx or a 429, at most twice, then says the code was not sent', async () => {
      const user = await withPhone();
      let requests = twilio.requests;
      twilio.fail({ status: 500 });
      twilio.fail({ status: 429 });
      expectOk(await user.get(`${K}/criarNumeroVerifyToken`), VerifyTokenResponseSchema);
      expect(twilio.requests - requests).toBe(3);
      expect(await codesOf(server(), user)).toHaveLength(1);

      const other = await withPhone();
      requests = twilio.requests;
      for (let i = 0; i < 3; i += 1) twilio.fail({ status: 503 });
      expectError(await other.get(`${K}/criarNumeroVerifyToken`), 502, MSG.smsNotSent);
      expect(twilio.requests - requests).toBe(3);
      expect(await codesOf(server(), other)).toEqual([]);
    });

    it('sends at most RATE_LIMIT_SMS_NUMBER codes to one number, whichever account asks', async () => {
      const shared = `923${String((phone += 1)).padStart(6, '0')}`;
      const [a, b, c] = [await withPhone(shared), await withPhone(shared), await withPhone(shared)];
      expectOk(await a.get(`${K}/criarNumeroVerifyToken`), VerifyTokenResponseSchema);
      expectOk(await b.get(`${K}/criarNumeroVerifyToken`), VerifyTokenResponseSchema);
      const refused = await c.get(`${K}/criarNumeroVerifyToken`);
      expectError(refused, 429, MSG.tooManyAttempts);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  },
  {
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_URL: twilio.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      RATE_LIMIT_SMS_NUMBER: '2/1d',
    },
  },
);

// GSM 03.38's basic alphabet: an SMS of these characters only is one part up to 160 of them.
const GSM7 = new Set([...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà']);

describe('the code SMS', () => {
  it('is one part of GSM-7 in every brand and language', () => {
    for (const brand of Object.values(BRANDS)) {
      const { text } = codeSms('923000111', '123456', brand);
      expect([...text].filter((char) => !GSM7.has(char)), `${brand.name}: ${text}`).toEqual([]);
      expect(text.length).toBeLessThanOrEqual(160);
    }
  });
});

describe('SMS_PROVIDER and TWILIO_* (a bad value stops the start)', () => {
  const base = { DATA_DIR: '/tmp/fichas-sms-config', AUTH_SECRET: 'a-test-secret-of-enough-length' };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected the configuration to be refused');
  };

  it('writes files by default and reads Twilio’s settings', () => {
    expect(loadConfig(base).sms).toEqual({ provider: 'file' });
    const sid = `AC${'a'.repeat(32)}`;
    expect(loadConfig({ ...base, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'b'.repeat(32), TWILIO_FROM: `MG${'c'.repeat(32)}` }).sms).toEqual({
      provider: 'twilio',
      accountSid: sid,
      authToken: 'b'.repeat(32),
      from: `MG${'c'.repeat(32)}`,
      url: 'https://api.twilio.com',
    });
  });

  it('says what is missing or wrong', () => {
    const missing = refusal({ SMS_PROVIDER: 'twilio' });
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) expect(missing).toContain(`${key}: required with SMS_PROVIDER=twilio`);
    expect(refusal({ SMS_PROVIDER: 'sms77' })).toContain('SMS_PROVIDER: expected file or twilio');
    expect(refusal({ TWILIO_FROM: '923000111' })).toContain('TWILIO_FROM: expected a sender number in E.164');
    expect(refusal({ RATE_LIMIT_SMS_USER: 'many' })).toContain('RATE_LIMIT_SMS_USER');
  });
});
