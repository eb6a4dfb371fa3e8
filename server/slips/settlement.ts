import { MSG } from '../../contract/messages.ts';
import { slipOutcome, type SlipOutcome } from '../../contract/slip-math.ts';
import type { Trx } from '../idempotency/idempotent.ts';
import { notify } from '../notify/notify.ts';
import type { Signals } from '../signals/signals.ts';
import { settleChoice, type FinalStats } from '../sports/settle-choice.ts';

const SETTLED_MESSAGE: Record<Exclude<SlipOutcome, 'pending'>, string> = {
  won: MSG.slipWon,
  failed: MSG.slipLost,
  void: MSG.slipVoid,
};

export interface Settled {
  selections: number;
  slips: { id: string; userId: string; estado: SlipOutcome }[];
  /** Live signals to send once the transaction has committed. */
  deliveries: (() => Promise<void>)[];
}

/**
 * Settles every pending selection on a finished match (won or failed; void when it was abandoned, or a push), then
 * every slip this decides: failed at its first lost leg, won or void once no leg is open. The owner is notified
 * (newFichaUpdate) in the same transaction; the live signal goes out after the commit through `deliveries`.
 */
export async function settleEvent(
  trx: Trx,
  input: { eventId: string; stats: FinalStats | 'void'; now: Date; signals: Signals },
): Promise<Settled> {
  const pending = await trx
    .selectFrom('ficha_selecoes')
    .select(['ficha_id', 'posicao', 'tipo', 'escolha'])
    .where('evento_id', '=', input.eventId)
    .where('bet_status', '=', 'pending')
    .execute();
  const result: Settled = { selections: 0, slips: [], deliveries: [] };
  if (pending.length === 0) return result;

  for (const leg of pending) {
    const outcome = input.stats === 'void' ? 'void' : (settleChoice(leg.tipo, leg.escolha, input.stats) ?? 'void');
    const updated = await trx
      .updateTable('ficha_selecoes')
      .set({ bet_status: outcome })
      .where('ficha_id', '=', leg.ficha_id)
      .where('posicao', '=', leg.posicao)
      .where('bet_status', '=', 'pending')
      .executeTakeFirst();
    result.selections += Number(updated.numUpdatedRows);
  }

  const slipIds = [...new Set(pending.map((leg) => leg.ficha_id))];
  const legs = await trx.selectFrom('ficha_selecoes').select(['ficha_id', 'bet_status']).where('ficha_id', 'in', slipIds).execute();
  const slips = await trx
    .selectFrom('fichas')
    .select(['id', 'usuario_id'])
    .where('id', 'in', slipIds)
    .where('estado', '=', 'pending')
    .execute();
  const at = input.now.toISOString();
  for (const slip of slips) {
    const estado = slipOutcome(legs.filter((leg) => leg.ficha_id === slip.id).map((leg) => leg.bet_status));
    if (estado === 'pending') continue;
    const changed = await trx
      .updateTable('fichas')
      .set({ estado, settled_at: at, updated_at: at })
      .where('id', '=', slip.id)
      .where('estado', '=', 'pending')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) continue;
    const signal = await notify(
      trx,
      {
        userId: slip.usuario_id,
        tipo: 'ficha',
        mensagem: SETTLED_MESSAGE[estado],
        counter: 'newFichaUpdate',
        recurso: { tipo: 'ficha', id: slip.id },
      },
      { signals: input.signals },
    );
    result.slips.push({ id: slip.id, userId: slip.usuario_id, estado });
    result.deliveries.push(() => input.signals.send([slip.usuario_id], { notificacao: signal }));
  }
  return result;
}
