import type { AppDb } from '../../db/app-db.ts';
import type { SlipList, StoredSlip } from '../../db/mirror-types.ts';
import { fetchPublicSlip, fetchSlip, fetchSlips } from '../../api/slips.ts';
import {
  CreateSlipResponseSchema,
  SlipRefusalSchema,
  SlipResponseSchema,
  type Ficha,
  type Selection,
  type SelectionInput,
  type SlipFilter,
} from '../../../contract/schemas/slips.ts';
import type { SignalSender } from '../../../contract/schemas/signals.ts';
import { slipMultiplier, slipReturn } from '../../../contract/slip-math.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import type { PagedList } from '../pull/paged.ts';
import { markFailed, markRefreshed } from '../freshness.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { waitingIds } from '../outbox/waiting.ts';

const APOSTADOR = '/api/client/apostador/fichas';

/** Which of the user's lists a slip belongs to (docs/api/betting.md: criadas = own published, ocultas = own hidden). */
function listsOf(ficha: Ficha, selfId: string): SlipList[] {
  if (ficha.usuario.id === selfId) return [ficha.publicada ? 'criadas' : 'ocultas'];
  const lists: SlipList[] = ficha.guardada ? ['guardadas'] : [];
  if (ficha.publicada) lists.push('publicas');
  return lists;
}

export function slipRow(ficha: Ficha, selfId: string): StoredSlip {
  return { id: ficha.id, ownerId: ficha.usuario.id, createdAt: ficha.createdAt, lists: listsOf(ficha, selfId), data: ficha };
}

export function slipList(filtro: SlipFilter, selfId: string): PagedList<Ficha> {
  return {
    resource: `slips:${filtro}`,
    fetchPage: async (page, size) => {
      const result = await fetchSlips(filtro, page, size);
      return result.kind === 'ok' ? { ...result, data: result.data.fichas } : result;
    },
    store: async (tx, rows, { replace }) => {
      // Slips made on this phone, or with a change (publish, hide, save) not acknowledged yet, keep their
      // optimistic row until the outbox settles them; everything else in this list is the server's.
      const waiting = await waitingIds(tx, 'slips');
      const keep = (id: string) => id.startsWith('local:') || waiting.has(id);
      if (replace) await tx.slips.where('lists').equals(filtro).filter((slip) => !keep(slip.id)).delete();
      await tx.slips.bulkPut(rows.filter((row) => !waiting.has(row.id)).map((row) => slipRow(row, selfId)));
    },
  };
}

export async function refreshSlip(db: AppDb, id: string, selfId: string): Promise<void> {
  const owner = await readMirrorOwner(db);
  const result = await fetchSlip(id);
  if (result.kind === 'ok') await writeForOwner(db, owner, (tx) => tx.slips.put(slipRow(result.data.ficha, selfId)));
}

/** A user's published slip for its public view (no session needed); kept so a shared link opens offline later. */
export async function refreshPublicSlip(db: AppDb, input: { nomeUsuario: string; id: string; selfId: string | null }): Promise<'loaded' | 'missing' | 'error'> {
  const owner = await readMirrorOwner(db);
  const result = await fetchPublicSlip(input.nomeUsuario, input.id);
  if (result.kind === 'http' && (result.status === 404 || result.status === 403)) return 'missing';
  const stored = await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return markFailed(tx, `slip:${input.id}`, result.message);
    await tx.slips.put(slipRow(result.data.ficha, input.selfId ?? ''));
    await markRefreshed(tx, `slip:${input.id}`);
  });
  return stored && result.kind === 'ok' ? 'loaded' : 'error';
}

export interface CreateSlipInput {
  owner: SignalSender;
  selections: Selection[];
  valor: number;
  oddsChange: boolean;
  /** The slip's note (an imported tip's booking code), when it has one. */
  nota?: string;
  /** Empty the slip builder in the same transaction (Bater Ficha clears it, SPEC §4 Slip creation). */
  clearDraft?: boolean;
}

export function slipRequestBody(selections: Selection[], valor: number, oddsChange: boolean, nota?: string) {
  const ficha: SelectionInput[] = selections.map((selection) => ({
    event_id: selection.event_id,
    event_selection: {
      type: selection.event_selection.type,
      choice: selection.event_selection.choice,
      odds: selection.event_selection.odds,
    },
  }));
  return { ficha, valor, oddsChange, ...(nota ? { nota } : {}) };
}

/**
 * Bater Ficha (SPEC §4): the slip is saved on this phone at once (in "my slips", waiting to send) and created on
 * the server exactly once when the connection allows (DESIGN §4).
 */
export function createSlip(db: AppDb, input: CreateSlipInput): Promise<number> {
  return enqueueMutation(db, {
    userId: input.owner.id,
    kind: 'slip.create',
    method: 'POST',
    path: `${APOSTADOR}/criarFicha`,
    body: slipRequestBody(input.selections, input.valor, input.oddsChange, input.nota),
    optimistic: async (mutationId, tx) => {
      if (input.clearDraft) await tx.kv.delete('draftSlip');
      const multiplicador = slipMultiplier(input.selections.map((selection) => selection.event_selection.odds));
      const createdAt = new Date().toISOString();
      const id = `local:${mutationId}`;
      await tx.slips.put({
        id,
        ownerId: input.owner.id,
        createdAt,
        lists: ['criadas'],
        pendingMutationId: mutationId,
        data: {
          id,
          _id: id,
          usuario: input.owner,
          selecoes: input.selections,
          valor: input.valor,
          multiplicador,
          retorno: slipReturn(input.valor, multiplicador),
          oddsChange: input.oddsChange,
          estado: 'pending',
          publicada: true,
          guardada: false,
          totalGuardadas: 0,
          totalComentarios: 0,
          createdAt,
          settledAt: null,
          ...(input.nota ? { nota: input.nota } : {}),
        },
      });
    },
  });
}

/** The refused slip's updated selections (odds moved, a match started), or null when the refusal has none. */
export function refusedSelections(rejection: unknown): Selection[] | null {
  const parsed = SlipRefusalSchema.safeParse(rejection);
  return parsed.success && parsed.data.ficha ? parsed.data.ficha : null;
}

/** The server's slip replaces the one made on this phone; a refusal keeps it with its reason until resolved. */
export const slipCreateApplier: Applier = {
  async applied(db, entry, body) {
    await db.slips.delete(`local:${entry.mutationId}`);
    const parsed = CreateSlipResponseSchema.safeParse(body);
    // localId lets the screen that made the slip find it under its server id (to open /dashboard/fichas/{id}).
    if (parsed.success) await db.slips.put({ ...slipRow(parsed.data.ficha, entry.userId), localId: `local:${entry.mutationId}` });
  },
  async rejected(db, entry, body) {
    const updated = refusedSelections(body);
    const row = await db.slips.get(`local:${entry.mutationId}`);
    if (row && updated) await db.slips.put({ ...row, data: { ...row.data, selecoes: updated } });
  },
  async discarded(db, entry) {
    await db.slips.delete(`local:${entry.mutationId}`);
  },
};

export type SlipAction = 'slip.publish' | 'slip.hide' | 'slip.save' | 'slip.unsave';

const ACTION_REQUESTS: Record<SlipAction, { method: 'PATCH' | 'POST' | 'DELETE'; suffix: string }> = {
  'slip.publish': { method: 'PATCH', suffix: 'publicar' },
  'slip.hide': { method: 'PATCH', suffix: 'ocultar' },
  'slip.save': { method: 'POST', suffix: 'guardar' },
  'slip.unsave': { method: 'DELETE', suffix: 'guardar' },
};

function optimisticData(data: Ficha, action: SlipAction): Ficha {
  if (action === 'slip.publish') return { ...data, publicada: true };
  if (action === 'slip.hide') return { ...data, publicada: false };
  return { ...data, guardada: action === 'slip.save' };
}

function optimisticLists(row: StoredSlip, action: SlipAction): SlipList[] {
  const rest = row.lists.filter((list) => list !== 'criadas' && list !== 'ocultas' && list !== 'guardadas');
  if (action === 'slip.publish') return [...rest, 'criadas'];
  if (action === 'slip.hide') return [...rest, 'ocultas'];
  const others = row.lists.filter((list) => list !== 'guardadas');
  return action === 'slip.save' ? [...others, 'guardadas'] : others;
}

/** Publish, hide, save and unsave (SPEC §4 Slip list filters) through the outbox. */
export function slipAction(db: AppDb, input: { userId: string; slipId: string; action: SlipAction }): Promise<number> {
  const request = ACTION_REQUESTS[input.action];
  return enqueueMutation(db, {
    userId: input.userId,
    kind: input.action,
    method: request.method,
    path: `${APOSTADOR}/${encodeURIComponent(input.slipId)}/${request.suffix}`,
    body: null,
    ref: { table: 'slips', id: input.slipId },
    optimistic: async (mutationId, tx) => {
      const row = await tx.slips.get(input.slipId);
      if (!row) return;
      await tx.slips.put({ ...row, lists: optimisticLists(row, input.action), data: optimisticData(row.data, input.action), pendingMutationId: mutationId });
    },
  });
}

export const slipActionApplier: Applier = {
  async applied(db, entry, body) {
    const parsed = SlipResponseSchema.safeParse(body);
    if (parsed.success) await db.slips.put(slipRow(parsed.data.ficha, entry.userId));
  },
  async discarded(db, entry) {
    // The change is dropped; the row comes back as the server has it on the next refresh of its list.
    const id = entry.ref?.id;
    const row = id ? await db.slips.get(id) : undefined;
    if (row) await db.slips.put({ ...row, pendingMutationId: null });
    for (const list of ['criadas', 'ocultas', 'guardadas']) await db.syncMeta.delete(`slips:${list}`);
  },
};
