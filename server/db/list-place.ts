import { sql, type Transaction } from 'kysely';
import { prepared } from './prepared.ts';
import type { Database, MensagensTable } from './schema.ts';

/**
 * The counter row behind each ordered list (migration 0008-ordering). A list is read in one scope: a chat's messages,
 * a user's notifications or saved slips, a slip's comments; slips, follows and rewards are read across users, so
 * they have one list each. The migration writes the same names for the rows it numbers.
 */
export const LIST = {
  chat: (chatTipo: MensagensTable['chat_tipo'], chatId: string) => `mensagens:${chatTipo}:${chatId}`,
  notifications: (userId: string) => `notificacoes:${userId}`,
  comments: (fichaId: string) => `ficha_comentarios:${fichaId}`,
  saved: (userId: string) => `fichas_guardadas:${userId}`,
  slips: 'fichas',
  follows: 'seguidores',
  rewards: 'recompensas',
} as const;

/** Where a new row goes in its list: `seq` orders the list; `createdAt` is the row's time, in the same order. */
export interface ListPlace {
  seq: number;
  createdAt: string;
}

/**
 * Takes the next place in `list` inside the caller's transaction. The counter row stays locked until that
 * transaction ends, so writers to one list go one at a time and places become visible in their order: a reader who
 * sees place n also sees every place before it (a database sequence would not promise that: a value taken earlier
 * can commit later). The time is `now`, or 1 ms after the list's last row when `now` is not later, so a client
 * that sorts by createdAt (the app's store does) sees the server's order, even for rows of one millisecond or
 * after the clock stepped back.
 */
export async function nextListPlace(trx: Transaction<Database>, list: string, now: Date): Promise<ListPlace> {
  const [row] = (await takePlace(trx, { list, ms: now.getTime() })).rows;
  if (!row) throw new Error(`no place taken in ${list}`);
  return { seq: Number(row.valor), createdAt: new Date(Number(row.ultimo_ms)).toISOString() };
}

// Every new message, notification, comment… takes a place: built once (prepared.ts).
const takePlace = prepared<{ list: string; ms: number }, { valor: number | string | bigint; ultimo_ms: number | string | bigint }>((db, param) =>
  db
    .insertInto('sequencias')
    .values({ nome: param('list'), valor: 1, ultimo_ms: param('ms') })
    .onConflict((conflict) =>
      conflict.column('nome').doUpdateSet({
        valor: sql`sequencias.valor + 1`,
        ultimo_ms: sql`case when excluded.ultimo_ms > sequencias.ultimo_ms then excluded.ultimo_ms else sequencias.ultimo_ms + 1 end`,
      }),
    )
    .returning(['valor', 'ultimo_ms']),
);
