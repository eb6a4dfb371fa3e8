import { sql } from 'kysely';
import type { NotificationData } from '../../contract/schemas/notification-data.ts';
import type { CounterName, NotificacaoSignal, SignalSender } from '../../contract/schemas/signals.ts';
import { LIST, nextListPlace } from '../db/list-place.ts';
import { prepared } from '../db/prepared.ts';
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
  /** The facts the app words the notification from (contract/schemas/notification-data.ts). */
  dados?: NotificationData | null;
  /**
   * The event told of, e.g. `fichaSelecao:{fichaId}:2:won`: with a key the user is told of it once, however often a
   * job runs or however many processes run it (unique per user, migration 0009). Without one, every call tells.
   */
  chave?: string | null;
}

// Every message and notification raises a counter: built once (server/db/prepared.ts).
const raise = prepared<{ userId: string; counter: CounterName; by: number }, never>((db, param) =>
  db
    .insertInto('contadores')
    .values({ usuario_id: param('userId'), nome: param('counter'), count: param('by') })
    .onConflict((conflict) => conflict.columns(['usuario_id', 'nome']).doUpdateSet({ count: sql`contadores.count + ${param('by')}` })),
);

/** Raises one of the user's unread counters (SPEC §3) inside the caller's transaction. */
export async function bumpCounter(trx: Trx, userId: string, counter: CounterName, by = 1): Promise<void> {
  await raise(trx, { userId, counter, by });
}

/**
 * Stores a notification and raises its counter in the caller's transaction; the live signal (realtime while the
 * app is open, push to the user's devices while it is closed: one Signals.send) goes out after the commit through
 * `after`, or is returned for callers outside an HTTP request (the match feed, jobs) to send once they commit.
 * Returns null, changing nothing, when a notification with the same `chave` was already given to the user.
 */
export async function notify(
  trx: Trx,
  input: NotifyInput,
  delivery: { signals: Signals; after?: After },
): Promise<NotificacaoSignal | null> {
  const chave = input.chave ?? null;
  if (chave) {
    const told = await trx
      .selectFrom('notificacoes')
      .select('id')
      .where('usuario_id', '=', input.userId)
      .where('chave', '=', chave)
      .executeTakeFirst();
    if (told) return null;
  }
  const id = newId();
  const { seq, createdAt } = await nextListPlace(trx, LIST.notifications(input.userId), new Date());
  const dados = input.dados ?? null;
  const inserted = await trx
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
      chave,
      dados: dados ? JSON.stringify(dados) : null,
    })
    // Another transaction told of the same event meanwhile (it waited on the unique key): this one tells nobody.
    .onConflict((conflict) => conflict.columns(['usuario_id', 'chave']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await bumpCounter(trx, input.userId, input.counter);
  const signal: NotificacaoSignal = {
    id,
    tipo: input.tipo,
    mensagem: input.mensagem,
    pagamentoId: input.pagamentoId ?? null,
    sender: input.sender ?? null,
    counter: input.counter,
    createdAt,
    recurso: input.recurso ?? null,
    dados,
  };
  const send = () => delivery.signals.send([input.userId], { notificacao: signal });
  if (delivery.after) delivery.after(send);
  return signal;
}
