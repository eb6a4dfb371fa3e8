import { sql } from 'kysely';
import { NOTIFICATION_TIPO } from '../../contract/schemas/notification-data.ts';
import type { Db } from '../db/create-db.ts';
import { DAY_MS } from '../lib/time.ts';
import { notify } from '../notify/notify.ts';
import { LICENCE_TEXT } from '../notify/texts.ts';
import type { Signals } from '../signals/signals.ts';
import { transaction } from '../db/transaction.ts';

// Licences expire by time (licence-repo.ts effectiveState): no row changes when they do, so this job tells each
// owner once that theirs has expired. The key names the licence and the expiry it passed, so a renewed licence
// that expires again is told of again, and a second run or a second process tells nobody twice.

/** Expiries older than this are not told of (a server down for longer, or licences that expired before this job). */
const LOOK_BACK_MS = 7 * DAY_MS;
const BATCH = 500;
export const LICENCE_EXPIRY_EVERY_MS = 60_000;
const EXPIRED_KEY = `${NOTIFICATION_TIPO.licence}:expirada:`;

export async function tellExpiredLicences(db: Db, signals: Signals, now: Date): Promise<number> {
  const due = await db
    .selectFrom('licencas')
    .select(['id', 'usuario_id', 'expira_em'])
    .where('estado', '=', 'habilitada')
    .where('expira_em', '<=', now.toISOString())
    .where('expira_em', '>', new Date(now.getTime() - LOOK_BACK_MS).toISOString())
    // Not told yet: no notification with this expiry's key (the key is checked again when it is written).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notificacoes')
            .select('notificacoes.id')
            .whereRef('notificacoes.usuario_id', '=', 'licencas.usuario_id')
            .where('notificacoes.chave', '=', sql<string>`${EXPIRED_KEY} || licencas.id || ':' || licencas.expira_em`),
        ),
      ),
    )
    .orderBy('expira_em')
    .limit(BATCH)
    .execute();
  let told = 0;
  for (const licence of due) {
    const signal = await transaction(db, async (trx) => {
      // Still expired at that time, and the user's current licence (renewals update the row in place).
      const row = await trx.selectFrom('licencas').select(['estado', 'expira_em']).where('id', '=', licence.id).executeTakeFirst();
      if (!row || row.estado !== 'habilitada' || row.expira_em !== licence.expira_em) return null;
      return notify(
        trx,
        {
          userId: licence.usuario_id,
          tipo: NOTIFICATION_TIPO.licence,
          mensagem: LICENCE_TEXT.expirada,
          counter: 'newLicenceNotification',
          recurso: { tipo: 'licenca', id: licence.id },
          dados: { licenca: 'expirada' },
          chave: `${EXPIRED_KEY}${licence.id}:${licence.expira_em}`,
        },
        { signals },
      );
    });
    if (!signal) continue;
    told += 1;
    await signals.send([licence.usuario_id], { notificacao: signal }).catch((error: unknown) => console.error('[licencas] signal', error));
  }
  return told;
}
