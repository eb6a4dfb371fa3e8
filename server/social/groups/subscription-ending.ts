import { sql } from 'kysely';
import { NOTIFICATION_TIPO } from '../../../contract/schemas/notification-data.ts';
import type { Db } from '../../db/create-db.ts';
import { transaction } from '../../db/transaction.ts';
import { DAY_MS } from '../../lib/time.ts';
import { notify } from '../../notify/notify.ts';
import { groupEndingText } from '../../notify/texts.ts';
import type { Signals } from '../../signals/signals.ts';

// A paid group plan ends by time, like a licence (SPEC §4: expiring within 3 days): this job tells each member of a
// private group once, within those days, that theirs is about to end, with the group's name and the days left as
// facts the app words in its reader's language. The key names the group and the expiry, so a plan renewed and about
// to end again is told of again, and a second run or a second process tells nobody twice.

/** How long before its end a subscription is told of (the licence's "expiring" window, SPEC §4). */
export const ENDING_WINDOW_MS = 3 * DAY_MS;
export const GROUP_ENDING_EVERY_MS = 60_000;
const BATCH = 500;
const ENDING_KEY = `${NOTIFICATION_TIPO.groupSubscription}:termina:`;

/** The key a member's notice of one end is told once by (`notificacoes.chave`). */
export function endingKey(grupoId: string, expiraEm: string): string {
  return `${ENDING_KEY}${grupoId}:${expiraEm}`;
}

/** Whole days left from `now` to `end`, rounded up: 2 days and 3 hours left is "3 dias". */
export function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

export async function tellEndingGroupSubscriptions(db: Db, signals: Signals, now: Date): Promise<number> {
  const due = await db
    .selectFrom('grupo_membros')
    .innerJoin('grupos', 'grupos.id', 'grupo_membros.grupo_id')
    .select(['grupo_membros.grupo_id', 'grupo_membros.usuario_id', 'grupo_membros.expira_em'])
    .where('grupos.privado', '=', 1)
    .where('grupo_membros.expira_em', '>', now.toISOString())
    .where('grupo_membros.expira_em', '<=', new Date(now.getTime() + ENDING_WINDOW_MS).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notificacoes')
            .select('notificacoes.id')
            .whereRef('notificacoes.usuario_id', '=', 'grupo_membros.usuario_id')
            .where(
              'notificacoes.chave',
              '=',
              sql<string>`${ENDING_KEY} || grupo_membros.grupo_id || ':' || grupo_membros.expira_em`,
            ),
        ),
      ),
    )
    .orderBy('grupo_membros.expira_em')
    .limit(BATCH)
    .execute();
  let told = 0;
  for (const member of due) {
    const signal = await transaction(db, async (trx) => {
      // Still this expiry (a renewal moves it) in a group that still exists.
      const row = await trx
        .selectFrom('grupo_membros')
        .innerJoin('grupos', 'grupos.id', 'grupo_membros.grupo_id')
        .select(['grupo_membros.expira_em', 'grupos.nome'])
        .where('grupo_membros.grupo_id', '=', member.grupo_id)
        .where('grupo_membros.usuario_id', '=', member.usuario_id)
        .executeTakeFirst();
      if (!row?.expira_em || row.expira_em !== member.expira_em) return null;
      const dias = daysLeft(new Date(row.expira_em), now);
      return notify(
        trx,
        {
          userId: member.usuario_id,
          tipo: NOTIFICATION_TIPO.groupSubscription,
          mensagem: groupEndingText(row.nome, dias),
          counter: 'newGroupSubscription',
          recurso: { tipo: 'grupo', id: member.grupo_id },
          dados: { grupo: row.nome, dias, ate: row.expira_em },
          chave: endingKey(member.grupo_id, row.expira_em),
        },
        { signals },
      );
    });
    if (!signal) continue;
    told += 1;
    await signals.send([member.usuario_id], { notificacao: signal }).catch((error: unknown) => console.error('[grupos] signal', error));
  }
  return told;
}
