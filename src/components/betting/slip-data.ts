import type { OutboxEntry, StoredSlip } from '../../state/slip-view.ts';
import { syncStateOf, type SyncState } from '../../state/outbox.ts';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { slipMultiplier, slipReturn } from '../../../contract/slip-math.ts';

/** The server's slip a row holds; a slip made on this phone shows totals from its selections as they are now. */
export function fichaOf(row: StoredSlip): Ficha {
  const ficha = row.data as unknown as Ficha;
  if (!row.id.startsWith('local:')) return ficha;
  const multiplicador = slipMultiplier(ficha.selecoes.map((selection) => selection.event_selection.odds));
  return { ...ficha, multiplicador, retorno: slipReturn(ficha.valor, multiplicador) };
}

export interface SlipStatus {
  ficha: Ficha;
  own: boolean;
  sync: SyncState;
  /** The queued change the server refused, while it waits for the user to resolve it. */
  refused: OutboxEntry | undefined;
}

/** What a slip card and the slip page both show first: whose slip it is and where its queued change stands. */
export function slipStatusOf(row: StoredSlip, entries: OutboxEntry[], selfId: string | null): SlipStatus {
  const ficha = fichaOf(row);
  const sync = syncStateOf(entries, row.pendingMutationId);
  const refused = sync === 'rejected' ? entries.find((candidate) => candidate.mutationId === row.pendingMutationId) : undefined;
  return { ficha, own: ficha.usuario.id === selfId, sync, refused };
}

/** Where a slip opens: its owner's detail, or the public view for anybody else's. */
export function slipHref(ficha: Pick<Ficha, 'id' | 'usuario'>, selfId: string | null): string {
  return ficha.usuario.id === selfId ? `/dashboard/fichas/${ficha.id}` : `/${ficha.usuario.nomeUsuario}/fichas/${ficha.id}`;
}

export function formatSlipDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // Shown in Angola's time (UTC+1), as every event time is.
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pt-PT', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Luanda',
  }).format(date);
}
