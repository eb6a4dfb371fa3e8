import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.ts';
import { dropFileName, writeDropFile } from '../mail/mail-sender.ts';
import type { SmsConfig } from './sms-config.ts';

export interface Sms {
  /** The 9-digit number. */
  to: string;
  text: string;
}

export type SmsSent = { via: 'file'; path: string } | { via: 'twilio'; sid: string };

/** The SMS could not be sent: `permanent` when trying again would not help (a number the gateway refuses). */
export class SmsNotSent extends Error {
  override name = 'SmsNotSent';
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
  }
}

/** Sends an SMS or throws SmsNotSent. The shape of the mail sender (server/mail/mail-sender.ts). */
export interface SmsSender {
  send(sms: Sms): Promise<SmsSent>;
}

/**
 * Without a gateway (SMS_PROVIDER=file, the default) each SMS is written under {DATA_DIR}/sms/ (readable by the
 * server's user only) and only the file's path is printed — never the number or the code, which the log would keep.
 */
export function createFileSmsSender(dataDir: string): SmsSender {
  return {
    async send(sms) {
      const path = await writeDropFile(join(dataDir, 'sms'), dropFileName('txt'), `Para: ${sms.to}\n\n${sms.text}\n`);
      console.info(`[sms] sem gateway de SMS: mensagem escrita em ${path}`);
      return { via: 'file', path };
    },
  };
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A sender number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  url: string;
  /** The waits before the second and third tries. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_RETRY_DELAYS_MS = [500, 1_500];
const DEFAULT_TIMEOUT_MS = 8_000;

/** The last digits only: a log line says which number without giving it away. */
const masked = (number: string) => `…${number.slice(-3)}`;

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, HTTP Basic auth, form-encoded To, From or
 * MessagingServiceSid, Body). A 201 with a message sid is a send. A 429, a 5xx, a timeout or no connection is tried
 * again, at most twice, after a short wait (the user is waiting for the code); any other 4xx (a number Twilio
 * refuses, 21211; a sender it does not know) is final. The number goes to Twilio as +244 and its 9 digits.
 */
export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const fetchImpl = options.fetch ?? fetch;
  const endpoint = `${options.url.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = options.from.startsWith('MG') ? { MessagingServiceSid: options.from } : { From: options.from };

  async function once(sms: Sms): Promise<{ sid: string } | { retry: boolean; reason: string }> {
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: `+244${sms.to}`, ...sender, Body: sms.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { retry: true, reason: timedOut ? 'no answer in time' : 'no connection' };
    }
    const body = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
    if (response.status === 201 && typeof body?.sid === 'string') return { sid: body.sid };
    const detail = `HTTP ${response.status}${body && typeof body.code === 'number' ? ` code ${body.code}` : ''}${body && typeof body.message === 'string' ? `: ${body.message}` : ''}`;
    // A 201 without a sid is not the documented answer; it is not tried again, which could send the code twice.
    return { retry: response.status === 429 || response.status >= 500, reason: detail };
  }

  return {
    async send(sms) {
      let last = '';
      for (let attempt = 0; attempt <= delays.length; attempt += 1) {
        if (attempt > 0) await sleep(delays[attempt - 1]);
        const result = await once(sms);
        if ('sid' in result) {
          console.info(`[sms] twilio: enviado para ${masked(sms.to)} (${result.sid})`);
          return { via: 'twilio', sid: result.sid };
        }
        last = result.reason.replaceAll(`+244${sms.to}`, masked(sms.to));
        console.warn(`[sms] twilio: não enviado para ${masked(sms.to)} (tentativa ${attempt + 1}): ${last}`);
        if (!result.retry) throw new SmsNotSent(last, true);
      }
      throw new SmsNotSent(last, false);
    },
  };
}

export function createSmsSender(sms: SmsConfig, dataDir: string): SmsSender {
  return sms.provider === 'twilio' ? createTwilioSmsSender(sms) : createFileSmsSender(dataDir);
}

const senders = new WeakMap<Config, SmsSender>();

export function smsSenderFor(config: Config): SmsSender {
  let sender = senders.get(config);
  if (!sender) {
    sender = createSmsSender(config.sms, config.dataDir);
    senders.set(config, sender);
  }
  return sender;
}
