import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { createGroupAtom, type NewGroup } from './groups.ts';
import { discardEntryAtom } from './outbox.ts';
import { followQueued } from './queued-outcome.ts';

// Criar grupo from the screen's side: the group is queued by createGroupAtom (a `local:{n}` row at once); online the
// form waits for the server, so it opens the group by its server id or shows the refusal on the form; offline (or a
// server too slow to answer) it opens the group made on this phone, whose page moves to the server id once sent.

export type GroupCreationOutcome =
  | { kind: 'created'; id: string }
  /** Refused while the form waited: the form shows why (under `field` when the refusal names one). */
  | { kind: 'rejected'; message: string; field: string | null }
  /** Saved on this phone and not acknowledged yet: it will be sent, and its refusal, if any, shows with the others. */
  | { kind: 'queued'; localId: string }
  /** Not even saved on this phone (a full store): nothing was kept. */
  | { kind: 'invalid'; message: string };

/** How long an online form waits for the server's answer before it opens the group made on this phone. */
const WAIT_MS = 20_000;

/** The one field a refusal names (contract ErrorResponseSchema `campos`), read by hand from the stored answer. */
function refusedField(rejection: unknown): string | null {
  const campos = rejection && typeof rejection === 'object' ? (rejection as { campos?: unknown }).campos : undefined;
  if (!campos || typeof campos !== 'object') return null;
  return Object.keys(campos)[0] ?? null;
}

/** Follows a queued group until the server made it (its server id), refused it, or the time is up. */
function waitForGroupOutcome(mutationId: number, timeoutMs: number): Promise<Exclude<GroupCreationOutcome, { kind: 'invalid' }>> {
  return followQueued<{ id: string }, Exclude<GroupCreationOutcome, { kind: 'invalid' }>>({
    mutationId,
    timeoutMs,
    row: (localId) => db.groups.filter((group) => group.localId === localId && !group.id.startsWith('local:')).first(),
    decide: (made, entry) => {
      if (made) return { kind: 'created', id: made.id };
      if (entry?.state === 'rejected') return { kind: 'rejected', message: entry.error ?? '', field: refusedField(entry.rejection) };
      return null;
    },
    queued: (localId) => ({ kind: 'queued', localId }),
  });
}

/**
 * Criar grupo: queues the group and, online, waits for the server. A refusal the form shows is the form's alone
 * (one message in one place): its entry is discarded, the form keeps what was typed for the user to fix and send.
 */
export const submitNewGroupAtom = atom(null, async (_get, set, input: NewGroup & { online: boolean }): Promise<GroupCreationOutcome> => {
  const { online, ...group } = input;
  const result = await set(createGroupAtom, group);
  if (!result.ok) return { kind: 'invalid', message: result.message };
  if (!online) return { kind: 'queued', localId: `local:${result.mutationId}` };
  const outcome = await waitForGroupOutcome(result.mutationId, WAIT_MS);
  if (outcome.kind === 'rejected') await set(discardEntryAtom, result.mutationId);
  return outcome;
});
