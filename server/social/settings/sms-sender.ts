import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { dropFileName, writeDropFile } from '../../mail/mail-sender.ts';

export interface Sms {
  /** The 9-digit number. */
  to: string;
  text: string;
}

/** Sends an SMS or throws. The shape of the mail sender (server/mail/mail-sender.ts), for an SMS gateway to fill. */
export interface SmsSender {
  send(sms: Sms): Promise<{ via: 'file'; path: string }>;
}

/**
 * No SMS gateway is configured in this product yet: each SMS is written under {DATA_DIR}/sms/ (readable by the
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

const senders = new WeakMap<Config, SmsSender>();

export function smsSenderFor(config: Config): SmsSender {
  let sender = senders.get(config);
  if (!sender) {
    sender = createFileSmsSender(config.dataDir);
    senders.set(config, sender);
  }
  return sender;
}
