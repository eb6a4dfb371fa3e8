import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the tests (the smtp-server package): the app's mail sender talks SMTP to it, and the
// tests read what arrived.

export interface ReceivedMail {
  to: string[];
  /** The raw message as the server received it. */
  raw: string;
  subject: string;
  /** The text body, quoted-printable decoded. */
  text: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** The next mail to arrive for `to` (or one already there that was not taken yet). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/g, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return body;
  }
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
  const base64 = /Content-Transfer-Encoding: base64/i.test(head);
  const text = qp ? decodeQuotedPrintable(body) : base64 ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to, raw, subject, text };
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const take = (to: string) => {
    const mail = mails.find((m) => !taken.has(m) && m.to.includes(to));
    if (mail) taken.add(mail);
    return mail;
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = take(to);
        if (mail) return mail;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail for ${to} arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
