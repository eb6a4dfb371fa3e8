import { NOTIFICATION_TIPO } from '../../contract/schemas/notification-data.ts';
import { roundOdds, slipMultiplier, slipOutcome, slipReturn, type SlipOutcome } from '../../contract/slip-math.ts';
import type { Trx } from '../idempotency/idempotent.ts';
import { notify } from '../notify/notify.ts';
import { legSettledText, legStartedText, slipSettledText, type MatchFacts } from '../notify/texts.ts';
import type { Signals } from '../signals/signals.ts';
import { fromCents } from '../sports/markets-repo.ts';
import { settleChoice, type FinalStats } from '../sports/settle-choice.ts';

type Outcome = Exclude<SlipOutcome, 'pending'>;

export interface Settled {
  selections: number;
  slips: { id: string; userId: string; estado: SlipOutcome }[];
  /** Live signals (realtime and push) to send once the transaction has committed. */
  deliveries: (() => Promise<void>)[];
}

async function matchFacts(trx: Trx, eventId: string): Promise<MatchFacts | undefined> {
  const event = await trx
    .selectFrom('eventos')
    .select(['home_name', 'away_name', 'home_goals', 'away_goals'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  return event && { casa: event.home_name, fora: event.away_name, golosCasa: event.home_goals, golosFora: event.away_goals };
}

/** A settled slip's return in Kz: the stake times the odds of its legs that count (void legs count 1); 0 when lost. */
function slipReturnOf(valor: number, estado: Outcome, odds: number[]): number {
  if (estado === 'failed') return 0;
  if (estado === 'void') return valor;
  return roundOdds(slipReturn(valor, Math.round(slipMultiplier(odds) * 1e6) / 1e6));
}

/**
 * Settles every pending selection on a finished match (won or failed; void when it was abandoned, or a push), then
 * every slip this decides: failed at its first lost leg, won or void once no leg is open. In the same transaction the
 * owner is notified (newFichaUpdate): of the slip with its return when the slip is decided, otherwise of each leg
 * that settled while its slip stays open ('A selecção 3 da tua ficha ganhou: …'). Each notification has its key, so
 * a second run tells nobody twice; the live signals go out after the commit through `deliveries`.
 */
export async function settleEvent(
  trx: Trx,
  input: {
    eventId: string;
    stats: FinalStats | 'void';
    now: Date;
    signals: Signals;
    /** Markets whose numbers the feed did not give (corners without statistics): their legs stay open, "sem resultado". */
    unknown?: ReadonlySet<string>;
  },
): Promise<Settled> {
  const pending = await trx
    .selectFrom('ficha_selecoes')
    .select(['ficha_id', 'posicao', 'tipo', 'escolha'])
    .where('evento_id', '=', input.eventId)
    .where('bet_status', '=', 'pending')
    .execute();
  const result: Settled = { selections: 0, slips: [], deliveries: [] };
  if (pending.length === 0) return result;

  const settledLegs: { fichaId: string; posicao: number; estado: Outcome }[] = [];
  for (const leg of pending) {
    if (input.stats !== 'void' && input.unknown?.has(leg.tipo)) continue;
    const outcome = input.stats === 'void' ? 'void' : (settleChoice(leg.tipo, leg.escolha, input.stats) ?? 'void');
    const updated = await trx
      .updateTable('ficha_selecoes')
      .set({ bet_status: outcome })
      .where('ficha_id', '=', leg.ficha_id)
      .where('posicao', '=', leg.posicao)
      .where('bet_status', '=', 'pending')
      .executeTakeFirst();
    const changed = Number(updated.numUpdatedRows);
    result.selections += changed;
    if (changed > 0) settledLegs.push({ fichaId: leg.ficha_id, posicao: leg.posicao, estado: outcome });
  }

  const slipIds = [...new Set(pending.map((leg) => leg.ficha_id))];
  const legs = await trx.selectFrom('ficha_selecoes').select(['ficha_id', 'bet_status', 'odds']).where('ficha_id', 'in', slipIds).execute();
  const slips = await trx
    .selectFrom('fichas')
    .select(['id', 'usuario_id', 'valor'])
    .where('id', 'in', slipIds)
    .where('estado', '=', 'pending')
    .execute();
  const match = await matchFacts(trx, input.eventId);
  const at = input.now.toISOString();
  const tell = async (userId: string, notice: Parameters<typeof notify>[1]) => {
    const signal = await notify(trx, notice, { signals: input.signals });
    if (signal) result.deliveries.push(() => input.signals.send([userId], { notificacao: signal }));
  };
  for (const slip of slips) {
    const own = legs.filter((leg) => leg.ficha_id === slip.id);
    const estado = slipOutcome(own.map((leg) => leg.bet_status));
    if (estado === 'pending') {
      // The slip stays open: its owner hears of each leg this match settled.
      for (const leg of settledLegs.filter((l) => l.fichaId === slip.id)) {
        if (!match) continue;
        const posicao = leg.posicao + 1;
        await tell(slip.usuario_id, {
          userId: slip.usuario_id,
          tipo: NOTIFICATION_TIPO.legSettled,
          mensagem: legSettledText(posicao, leg.estado, match),
          counter: 'newFichaUpdate',
          recurso: { tipo: 'ficha', id: slip.id },
          dados: { posicao, estado: leg.estado, eventoId: input.eventId, ...match },
          chave: `${NOTIFICATION_TIPO.legSettled}:${slip.id}:${posicao}`,
        });
      }
      continue;
    }
    const changed = await trx
      .updateTable('fichas')
      .set({ estado, settled_at: at, updated_at: at })
      .where('id', '=', slip.id)
      .where('estado', '=', 'pending')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) continue;
    const retorno = slipReturnOf(
      slip.valor,
      estado,
      own.filter((leg) => leg.bet_status !== 'void').map((leg) => fromCents(leg.odds)),
    );
    await tell(slip.usuario_id, {
      userId: slip.usuario_id,
      tipo: NOTIFICATION_TIPO.slipSettled,
      mensagem: slipSettledText(estado, retorno),
      counter: 'newFichaUpdate',
      recurso: { tipo: 'ficha', id: slip.id },
      dados: { estado, retorno },
      chave: `${NOTIFICATION_TIPO.slipSettled}:${slip.id}`,
    });
    result.slips.push({ id: slip.id, userId: slip.usuario_id, estado });
  }
  return result;
}

/**
 * A match kicked off: the owner of each open slip with a leg on it hears of it ('Começou o jogo da selecção 2 da tua
 * ficha: …', newFichaUpdate), once (keyed), in the transaction that moved the match out of NS.
 */
export async function announceKickOff(
  trx: Trx,
  input: { eventId: string; signals: Signals },
): Promise<(() => Promise<void>)[]> {
  const legs = await trx
    .selectFrom('ficha_selecoes')
    .innerJoin('fichas', 'fichas.id', 'ficha_selecoes.ficha_id')
    .select(['fichas.id as fichaId', 'fichas.usuario_id as userId', 'ficha_selecoes.posicao'])
    .where('ficha_selecoes.evento_id', '=', input.eventId)
    .where('ficha_selecoes.bet_status', '=', 'pending')
    .where('fichas.estado', '=', 'pending')
    .execute();
  if (legs.length === 0) return [];
  const match = await matchFacts(trx, input.eventId);
  if (!match) return [];
  const deliveries: (() => Promise<void>)[] = [];
  for (const leg of legs) {
    const posicao = leg.posicao + 1;
    const signal = await notify(
      trx,
      {
        userId: leg.userId,
        tipo: NOTIFICATION_TIPO.legStarted,
        mensagem: legStartedText(posicao, match),
        counter: 'newFichaUpdate',
        recurso: { tipo: 'ficha', id: leg.fichaId },
        dados: { posicao, eventoId: input.eventId, casa: match.casa, fora: match.fora },
        chave: `${NOTIFICATION_TIPO.legStarted}:${leg.fichaId}:${posicao}`,
      },
      { signals: input.signals },
    );
    if (signal) deliveries.push(() => input.signals.send([leg.userId], { notificacao: signal }));
  }
  return deliveries;
}
