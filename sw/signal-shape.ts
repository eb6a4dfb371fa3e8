// The few fields of a push's signal the worker reads itself, checked by hand: the worker does not bundle the page's
// validation (DESIGN §10: its script stays small). What the store keeps is still checked by the contract's schema
// (sync/realtime/apply-signal.ts).
import { isRecord } from '../src/lib/is-record.ts';

/** What a tap needs to know of a notification signal to open its screen (contract/notification-kinds.ts). */
export interface LinkableSignal {
  tipo: string;
  recurso: { tipo: string; id: string } | null;
  pagamentoId: string | null;
  sender: { nomeUsuario: string } | null;
}

const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The notification a push's `sinal` carries, when it has the shape a link is worked out from; else null. */
export function linkableSignal(sinal: unknown): LinkableSignal | null {
  if (!isRecord(sinal) || !isRecord(sinal.notificacao)) return null;
  const n = sinal.notificacao;
  if (typeof n.tipo !== 'string') return null;
  const recurso = isRecord(n.recurso) && typeof n.recurso.tipo === 'string' && typeof n.recurso.id === 'string' ? { tipo: n.recurso.tipo, id: n.recurso.id } : null;
  const sender = isRecord(n.sender) && typeof n.sender.nomeUsuario === 'string' ? { nomeUsuario: n.sender.nomeUsuario } : null;
  return { tipo: n.tipo, recurso, pagamentoId: stringOr(n.pagamentoId), sender };
}
