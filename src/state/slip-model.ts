import type { Ficha } from '../../contract/schemas/slips.ts';
import { slipMultiplier, slipReturn } from '../../contract/slip-math.ts';
import type { StoredSlip } from '../db/mirror-types.ts';
import type { OutboxEntry } from '../db/outbox-types.ts';
import { refusedChangeOf, syncStateOf, type RefusedChange, type SyncState } from './outbox.ts';

/** A slip as the slip screens show it. */
export interface SlipModel {
  /** The server id, or `local:N` until the server has it. */
  id: string;
  ficha: Ficha;
  /** Made on this phone and not acknowledged yet: it has no state from the server. */
  local: boolean;
  /** The viewer's own slip. */
  own: boolean;
  /** Where its queued change stands. */
  sync: SyncState;
  /** The queued change the server refused, while it waits for the user to resolve it. */
  refused: RefusedChange | undefined;
}

export function slipModelOf(row: StoredSlip, entries: OutboxEntry[], selfId: string | null): SlipModel {
  const local = row.id.startsWith('local:');
  // A slip made on this phone shows totals from its selections as they are now (a refusal may have moved odds).
  const multiplicador = local ? slipMultiplier(row.data.selecoes.map((selection) => selection.event_selection.odds)) : row.data.multiplicador;
  const ficha = local ? { ...row.data, multiplicador, retorno: slipReturn(row.data.valor, multiplicador) } : row.data;
  const sync = syncStateOf(entries, row.pendingMutationId);
  const entry = sync === 'rejected' ? entries.find((candidate) => candidate.mutationId === row.pendingMutationId) : undefined;
  return { id: row.id, ficha, local, own: ficha.usuario.id === selfId, sync, refused: entry && refusedChangeOf(entry, ficha.selecoes) };
}
