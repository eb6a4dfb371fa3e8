import { z } from 'zod';

// SMS_PROVIDER and TWILIO_*: where phone verification codes go. `file` (the default, for `npm start` and the tests)
// writes each SMS under {DATA_DIR}/sms/; `twilio` sends it through Twilio's Messages API.

export const smsEnvShape = {
  SMS_PROVIDER: z.enum(['file', 'twilio'], { error: 'expected file or twilio' }).default('file'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'expected AC followed by 32 hexadecimal digits (the Account SID of your Twilio console)').optional(),
  TWILIO_AUTH_TOKEN: z.string().regex(/^[0-9a-zA-Z]{32}$/, 'expected the 32-character Auth Token of your Twilio console').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'expected a sender number in E.164 (+244…) or a Messaging Service SID (MG…)')
    .optional(),
  TWILIO_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. https://api.twilio.com' }).default('https://api.twilio.com'),
};

type SmsEnv = z.output<z.ZodObject<typeof smsEnvShape>>;

export type SmsConfig =
  | { provider: 'file' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; url: string };

/** The SMS settings, or the lines that say what is wrong with them. */
export function resolveSmsConfig(e: SmsEnv): SmsConfig | string[] {
  if (e.SMS_PROVIDER === 'file') return { provider: 'file' };
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((key) => !e[key]);
  if (missing.length > 0 || !e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM) {
    return missing.map((key) => `  ${key}: required with SMS_PROVIDER=twilio`);
  }
  return { provider: 'twilio', accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, url: e.TWILIO_URL.replace(/\/+$/, '') };
}
