import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where a mail went: handed to the SMTP server, or written to a file because no SMTP server is configured. */
export type MailDelivery = { via: 'smtp'; messageId: string } | { via: 'file'; path: string };

/** Sends a mail or throws: a caller never tells a user a mail went out when it did not. */
export interface MailSender {
  send(mail: Mail): Promise<MailDelivery>;
}

export interface MailSettings {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
}

// A request waits for the SMTP server (forgotPassword answers whether the mail went): fail in seconds, not minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** A file name that says when, and nothing about whom (the path is printed to the log). */
export function dropFileName(extension: string, now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.${extension}`;
}

/** Writes a file only the server's user can read (mails and SMS carry single-use links and codes). */
export async function writeDropFile(dir: string, name: string, content: string | Buffer): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  await writeFile(path, content, { mode: 0o600 });
  return path;
}

function smtpSender(transport: Transporter, from: string): MailSender {
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      if (info.rejected.length > 0) throw new Error('the SMTP server refused the recipient');
      return { via: 'smtp', messageId: info.messageId };
    },
  };
}

/** Without SMTP_URL (the embedded demo): each mail becomes a .eml file under {DATA_DIR}/mail/ and its path is printed. */
function fileSender(dataDir: string, from: string): MailSender {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail({ from, ...mail });
      // `buffer: true` makes the message a Buffer (the type also allows the stream of `buffer: false`).
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail composer did not give a buffer');
      const path = await writeDropFile(join(dataDir, 'mail'), dropFileName('eml'), info.message);
      console.info(`[mail] sem SMTP_URL: mensagem escrita em ${path}`);
      return { via: 'file', path };
    },
  };
}

export function createMailSender(settings: MailSettings): MailSender {
  if (!settings.smtpUrl) return fileSender(settings.dataDir, settings.from);
  return smtpSender(nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }), settings.from);
}

const senders = new WeakMap<Config, MailSender>();

/** One sender per configuration (one SMTP transport per server; tests build apps with their own configuration). */
export function mailSenderFor(config: Config): MailSender {
  let sender = senders.get(config);
  if (!sender) {
    sender = createMailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir });
    senders.set(config, sender);
  }
  return sender;
}
