import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { writeTransaction } from '../db/store-transaction.ts';
import type { KeyValueRecord } from '../db/types.ts';
import {
  addImported,
  addSelection,
  copySelections,
  EMPTY_DRAFT,
  readDraft,
  removeSelection,
  setNote,
  setStake,
  type DraftSelection,
  type DraftSlip,
  type ImportOutcome,
} from '../../contract/draft-slip.ts';
import { slipRuleViolation } from '../../contract/validation/slip.ts';
import { PENDING } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue, type EnqueueResult } from './enqueue-action.ts';

const draftRecordAtom = personalAtom(undefined, () => db.kv.get('draftSlip'));

/** The slip being built, from the phone's store (it survives reloads, restarts and offline use). */
export const draftSlipAtom = atom<DraftSlip>((get) => {
  const record = get(draftRecordAtom);
  return record === PENDING || record?.key !== 'draftSlip' ? EMPTY_DRAFT : readDraft(record.value);
});

export const draftCountAtom = atom((get) => get(draftSlipAtom).selections.length);

/** The slip a stored record holds (the empty slip when there is none). */
function draftOf(record: KeyValueRecord | undefined): DraftSlip {
  return readDraft(record?.key === 'draftSlip' ? record.value : null);
}

/** Read-modify-write in one transaction, so two tabs editing the slip never lose each other's change. */
async function updateDraft(change: (draft: DraftSlip) => DraftSlip): Promise<DraftSlip> {
  return writeTransaction(db, ['kv'], async (tx) => {
    const next = change(draftOf(await tx.kv.get('draftSlip')));
    await tx.kv.put({ key: 'draftSlip', value: next });
    return next;
  });
}

export const addToSlipAtom = atom(null, (_get, _set, selection: Omit<DraftSelection, 'id'>) =>
  updateDraft((draft) => addSelection(draft, { ...selection, id: crypto.randomUUID() })),
);

export const removeFromSlipAtom = atom(null, async (_get, _set, eventId: string) => {
  let reason: string | undefined;
  await updateDraft((draft) => {
    const outcome = removeSelection(draft, eventId);
    reason = outcome.reason;
    return outcome.draft;
  });
  // SPEC §8: removing an absent selection is only logged.
  if (reason === 'not-found') console.info('Event not found in selections');
});

export const clearSlipAtom = atom(null, () => updateDraft(() => EMPTY_DRAFT));
export const setStakeAtom = atom(null, (_get, _set, valor: number) => updateDraft((draft) => setStake(draft, valor)));
export const setNoteAtom = atom(null, (_get, _set, nota: string) => updateDraft((draft) => setNote(draft, nota)));

/** An imported tip's legs (and its booking code as the slip's note) into the slip, saying which were left out and why. */
export const addImportedAtom = atom(null, (get, _set, input: { selections: Omit<DraftSelection, 'id'>[]; nota?: string; valor?: number }) => {
  let outcome: ImportOutcome | null = null;
  const official = get(sessionUserAtom)?.conta === 'oficial';
  return updateDraft((draft) => {
    const selections = input.selections.map((selection) => ({ ...selection, id: crypto.randomUUID() }));
    const added = addImported(draft, selections, { official, ...(input.nota ? { nota: input.nota } : {}) });
    // The tip's stake goes with its legs: a tip none of whose legs went in leaves the slip as it was.
    const next = added.added.length > 0 && input.valor !== undefined ? setStake(added.draft, input.valor) : added.draft;
    outcome = { ...added, draft: next };
    return next;
  }).then(() => outcome as ImportOutcome | null);
});
export const copySlipAtom = atom(null, (_get, _set, selections: Omit<DraftSelection, 'id'>[]) =>
  updateDraft((draft) => copySelections(draft, selections.map((selection) => ({ ...selection, id: crypto.randomUUID() })))),
);

/**
 * Bater Ficha (SPEC §4, §5): the rules first, then the slip is saved on the phone and queued, and the builder is
 * emptied in the same transaction. Online it is created at once; offline when the connection returns.
 */
export const createSlipAtom = atom(null, async (get, _set, input: { oddsChange: boolean }): Promise<EnqueueResult> => {
  const user = get(sessionUserAtom);
  // The stored slip, not draftSlipAtom: the atom follows the store a moment late, and Bater Ficha has just written the
  // stake being typed (StakeInput's flush), so the atom may still hold the stake before it (an e2e run on a busy
  // machine sent 50 Kz, refused, while the screen showed 250).
  const draft = draftOf(await db.kv.get('draftSlip'));
  const broken = slipRuleViolation({ selections: draft.selections.length, valor: draft.valor, official: user?.conta === 'oficial' });
  if (broken) return { ok: false, message: broken };
  return runEnqueue(user, (sync, userId) =>
    sync.createSlip(db, {
      owner: { id: userId, nome: user?.name ?? user?.nomeUsuario ?? '', nomeUsuario: user?.nomeUsuario ?? '', fotografia: null },
      selections: draft.selections,
      valor: draft.valor,
      oddsChange: input.oddsChange,
      ...(draft.nota ? { nota: draft.nota } : {}),
      clearDraft: true,
    }),
  );
});
