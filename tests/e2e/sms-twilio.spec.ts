import { expect, test } from '@playwright/test';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio.ts';
import { EN_ORIGIN, PHONE, signIn } from './support/helpers.ts';
import { freePort, startProcess, type ServerProcess } from './support/processes.ts';

// Phone verification with a real SMS gateway: a server with SMS_PROVIDER=twilio against the local fake of Twilio's
// Messages API. From the settings screen, a number Twilio refuses is told plainly (no "sent"), then the code the fake
// received verifies the phone; on the English host the SMS is in English.

test.use({ viewport: PHONE });

let twilio: FakeTwilio;
let app: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  twilio = await startFakeTwilio();
  app = await startProcess({
    name: 'sms-twilio',
    script: 'server/main.ts',
    port: await freePort(),
    env: {
      SEED: 'on',
      SIMULATOR: 'off',
      SMS_PROVIDER: 'twilio',
      TWILIO_URL: twilio.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
    },
    ready: /a correr em http:\/\/localhost:\d+/,
  });
});

test.afterAll(async () => {
  await app?.kill('SIGTERM');
  await twilio?.close();
});

test('the phone is verified from the settings screen with the code Twilio was asked to send', async ({ page }) => {
  const origin = `http://localhost:${app.port}`;
  await signIn(page, origin);
  await page.goto(`${origin}/dashboard/conta`);
  await page.locator('#field-numeroTelemovel').fill('923555111');
  await page.getByRole('button', { name: 'Guardar número' }).click();
  await expect(page.getByTestId('phone-state')).toHaveText('Por verificar');

  // Twilio refuses the number: the screen says so, and says nothing was sent.
  twilio.fail({ status: 400, code: 21211 });
  await page.getByRole('button', { name: 'Enviar código de verificação' }).click();
  await expect(page.getByText('Não foi possível enviar o código: confirma o teu número de telemóvel.')).toBeVisible();
  await expect(page.getByText('Enviámos um código de verificação para o teu número')).toHaveCount(0);
  expect(twilio.sent).toHaveLength(0);

  await page.getByRole('button', { name: 'Enviar código de verificação' }).click();
  await expect(page.getByText('Enviámos um código de verificação para o teu número')).toBeVisible();
  expect(twilio.sent.map((sms) => sms.to)).toEqual(['+244923555111']);
  const code = /\b(\d{6})\b/.exec(twilio.sent[0]?.body ?? '')?.[1] ?? '';
  expect(twilio.sent[0]?.body).toBe(`O teu codigo de verificacao Fichas é ${code}. É valido durante 10 minutos.`);
  await page.locator('#field-codigo').fill(code);
  await page.getByRole('button', { name: 'Verificar número' }).click();
  await expect(page.getByTestId('phone-state')).toHaveText('Verificado');
});

test('on the English host the screen and the SMS speak English', async ({ page }) => {
  const origin = EN_ORIGIN.replace(/:\d+$/, `:${app.port}`);
  await signIn(page, origin, { userData: 'moderador', password: 'moderador123' });
  await page.goto(`${origin}/dashboard/conta`);
  await page.locator('#field-numeroTelemovel').fill('923555222');
  await page.locator('form').filter({ has: page.locator('#field-numeroTelemovel') }).locator('button[type=submit]').click();
  const before = twilio.sent.length;
  twilio.fail({ status: 503 });
  twilio.fail({ status: 503 });
  twilio.fail({ status: 503 });
  await page.getByRole('button', { name: 'Send verification code' }).click();
  await expect(page.getByText('We could not send the code to your number. Try again in a little while.')).toBeVisible();
  expect(twilio.sent).toHaveLength(before);
  await page.getByRole('button', { name: 'Send verification code' }).click();
  await expect.poll(() => twilio.sent.length).toBe(before + 1);
  expect(twilio.sent.at(-1)?.body).toMatch(/^Your \S+ verification code is \d{6}\. It is valid for 10 minutes\.$/);
});
