import type { StoreTables } from '../../db/store-transaction.ts';
import { NOTIFICATION_TIPO } from '../../../contract/notification-kinds.ts';
import type { NotificacaoSignal } from '../../../contract/schemas/signals.ts';
import type { Ficha } from '../../../contract/schemas/slips.ts';

// A notification about a slip (a leg's kick-off or result, the slip's result), live or by push, also
// updates the slip the phone holds, so its screen shows the news at once, and the screen a push's tap opens shows it
// even with no connection. Only a slip already stored is touched; the next refresh brings the server's full copy.

function updated(ficha: Ficha, signal: NotificacaoSignal): Ficha | null {
  const d = signal.dados ?? {};
  if (signal.tipo === NOTIFICATION_TIPO.slipSettled && d.estado) {
    return {
      ...ficha,
      estado: d.estado,
      retorno: typeof d.retorno === 'number' && d.estado !== 'failed' ? d.retorno : ficha.retorno,
      settledAt: ficha.settledAt ?? signal.createdAt,
    };
  }
  const index = (d.posicao ?? 0) - 1;
  const leg = ficha.selecoes[index];
  if (!leg) return null;
  let next = leg;
  if (signal.tipo === NOTIFICATION_TIPO.legSettled && d.estado) {
    const score = typeof d.golosCasa === 'number' && typeof d.golosFora === 'number' ? { ...leg.event_score, home: d.golosCasa, away: d.golosFora } : leg.event_score;
    next = { ...leg, bet_status: d.estado, event_score: score };
  } else if (signal.tipo === NOTIFICATION_TIPO.legStarted && leg.event_status === 'NS') {
    next = { ...leg, event_status: 'LIVE' };
  } else {
    return null;
  }
  return { ...ficha, selecoes: ficha.selecoes.map((s, i) => (i === index ? next : s)) };
}

/** Folds a slip event into the stored slip, in the transaction that stores its notification (apply-signal.ts). */
export async function foldSlipEvent(tx: Pick<StoreTables, 'slips'>, signal: NotificacaoSignal): Promise<void> {
  if (signal.recurso?.tipo !== 'ficha') return;
  const row = await tx.slips.get(signal.recurso.id);
  if (!row) return;
  const data = updated(row.data, signal);
  if (data) await tx.slips.put({ ...row, data });
}
