import { sql } from 'kysely';
import type { CounterName, NotificacaoSignal, SignalSender } from '../../contract/schemas/signals.ts';
import { LIST, nextListPlace } from '../db/list-place.ts';
import type { After, Trx } from '../idempotency/idempotent.ts';
import type { Signals } from '../signals/signals.ts';
import { newId } from '../lib/ids.ts';

export interface NotifyInput {
  userId: string;
  tipo: string;
  mensagem: string;
  counter: CounterName;
  sender?: SignalSender | null;
  pagamentoId?: string | null;
  recurso?: { tipo: string; id: string } | null;
}

/** Raises one of the user's unread counters (SPEC §3) inside the caller's transaction. */
export async function bumpCounter(trx: Trx, userId: string, counter: CounterName, by = 1): Promise<void> {
  await trx
    .insertInto('contadores')
    .values({ usuario_id: userId, nome: counter, count: by })
    .onConflict((conflict) => conflict.columns(['usuario_id', 'nome']).doUpdateSet({ count: sql`contadores.count + ${by}` }))
    .execute();
}

/**
 * Stores a notification and raises its counter in the caller's transaction; the live signal (and push) goes out
 * after the commit through `after`, or is returned for callers outside an HTTP request (the match feed).
 */
export async function notify(
  trx: Trx,
  input: NotifyInput,
  delivery: { signals: Signals; after?: After },
): Promise<NotificacaoSignal> {
  const id = newId();
  const { seq, createdAt } = await nextListPlace(trx, LIST.notifications(input.userId), new Date());
  await trx
    .insertInto('notificacoes')
    .values({
      id,
      usuario_id: input.userId,
      tipo: input.tipo,
      mensagem: input.mensagem,
      sender_id: input.sender?.id ?? null,
      pagamento_id: input.pagamentoId ?? null,
      recurso_tipo: input.recurso?.tipo ?? null,
      recurso_id: input.recurso?.id ?? null,
      lida: 0,
      created_at: createdAt,
      seq,
    })
    .execute();
  await bumpCounter(trx, input.userId, input.counter);
  const signal: NotificacaoSignal = {
    id,
    tipo: input.tipo,
    mensagem: input.mensagem,
    pagamentoId: input.pagamentoId ?? null,
    sender: input.sender ?? null,
    counter: input.counter,
    createdAt,
  };
  const send = () => delivery.signals.send([input.userId], { notificacao: signal });
  if (delivery.after) delivery.after(send);
  return signal;
}
