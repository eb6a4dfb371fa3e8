import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { SUSPENDED_PREFIX } from '../../contract/messages.ts';

// SPEC §9: server messages are translated through a lookup keyed by the lowercase text with spaces replaced by
// underscores, falling back to the original text. The lookup's table (server-message-table.ts) is installed with the
// catalog of a language other than the spec's (setup.ts); on a Portuguese page the server's texts are already the
// app's words, so none is needed.

let lookup: ReadonlyMap<string, MessageDescriptor> | null = null;

/** Installs the table of this page's language (setup.ts). */
export function installServerMessages(table: ReadonlyMap<string, MessageDescriptor>): void {
  lookup = table;
}

export function messageKey(text: string): string {
  return text.toLowerCase().replace(/ /g, '_');
}

/** The spec's language, the server's: its texts are already the app's words there. */
const SERVER_LOCALE = 'pt';

export function translateServerMessage(text: string): string {
  // The table names messages by id only (server-message-table.ts): in the server's own language the text stands.
  const entry = i18n.locale === SERVER_LOCALE ? undefined : lookup?.get(messageKey(text));
  if (entry) return i18n._(entry);
  if (text.startsWith(`${SUSPENDED_PREFIX} `)) {
    const ate = text.slice(SUSPENDED_PREFIX.length + 1);
    return i18n._(msg`A tua conta está suspensa até ${ate}`);
  }
  return text;
}
