import type { AppDb } from '../../db/app-db.ts';
import { call } from '../../api/http.ts';
import { SlipResponseSchema } from '../../../contract/schemas/slips.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { isStale, markFailed, markRefreshed } from '../freshness.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { slipRow } from './slips.ts';
import { sharedSlipMissingKey } from '../../lib/share-rules.ts';

// A slip shared into a chat (SPEC §7 Sharing): the message carries only `recurso {tipo:'ficha', id}`, so the card
// reads the slip by id (GET /api/client/common/fichas/{id}, docs/api/betting.md) into the slips table, where it
// stays readable offline once seen (pruned like any slip seen on its own: sync/prune.ts, meta `slip:{id}`).


export type SharedSlipOutcome = 'loaded' | 'fresh' | 'missing' | 'error';

export async function refreshSharedSlip(db: AppDb, input: { id: string; selfId: string; maxAgeMs: number }): Promise<SharedSlipOutcome> {
  const { id, selfId } = input;
  if (id.startsWith('local:')) return 'fresh';
  const held = await db.slips.get(id);
  if (held && !(await isStale(db, `slip:${id}`, input.maxAgeMs))) return 'fresh';
  const owner = await readMirrorOwner(db);
  const result = await call(`/api/client/common/fichas/${encodeURIComponent(id)}`, { schema: SlipResponseSchema });
  const gone = result.kind === 'http' && (result.status === 404 || result.status === 403);
  const stored = await writeForOwner(db, owner, async (tx) => {
    if (gone) {
      // Hidden by its owner (or never visible): someone else's copy goes, so the card no longer shows it. The
      // viewer's own slips and rows with unsent work stay.
      const row = await tx.slips.get(id);
      const waiting = row && (row.pendingMutationId !== null && row.pendingMutationId !== undefined);
      if (row && row.ownerId !== selfId && !waiting) await tx.slips.delete(id);
      await tx.syncMeta.put({ resource: sharedSlipMissingKey(id), refreshedAt: Date.now(), error: 'missing' });
      return;
    }
    if (result.kind !== 'ok') return markFailed(tx, `slip:${id}`, result.message);
    const row = await tx.slips.get(id);
    // A change of the viewer's own (publish, hide, save) still queued keeps its optimistic row.
    if (!row || row.pendingMutationId === null || row.pendingMutationId === undefined) {
      await tx.slips.put({ ...slipRow(result.data.ficha, selfId), ...(row?.localId ? { localId: row.localId } : {}) });
    }
    await markRefreshed(tx, `slip:${id}`);
    await tx.syncMeta.delete(sharedSlipMissingKey(id));
  });
  if (!stored) return 'error';
  return gone ? 'missing' : result.kind === 'ok' ? 'loaded' : 'error';
}
