import type { Selection } from './schemas/slips.ts';
import { DRAFT_SLIP_MAX, SLIP_MAX_SELECTIONS, SLIP_NOTE_MAX } from './limits.ts';
import { DEFAULT_STAKE, slipMultiplier, slipReturn } from './slip-math.ts';

// The slip builder's state (SPEC §3 Slip state, §4 Bet slip). Pure: the app stores it in IndexedDB.

export interface DraftSelection extends Selection {
  /** Client-generated unique id (SPEC §3: "In the slip a client-generated unique id is added"). */
  id: string;
}

export interface DraftSlip {
  selections: DraftSelection[];
  valor: number;
  multiplicador: number;
  retorno: number;
  /** Accept changed odds when creating (SPEC §4: default yes in the stored state). */
  oddsChange: boolean;
  /** A note kept with the slip (a booking code from an imported tip: "Código SportyBet ABC123"); absent when none. */
  nota?: string;
}

export const EMPTY_DRAFT: DraftSlip = { selections: [], valor: DEFAULT_STAKE, multiplicador: 1, retorno: DEFAULT_STAKE, oddsChange: true };

function recompute(draft: Omit<DraftSlip, 'multiplicador' | 'retorno'>): DraftSlip {
  const multiplicador = slipMultiplier(draft.selections.map((selection) => selection.event_selection.odds));
  return { ...draft, multiplicador, retorno: slipReturn(draft.valor, multiplicador) };
}

/** Why an imported selection was left out of the slip. */
export type LeftOutReason = 'in-slip' | 'limit' | 'not-pending';

export interface ImportOutcome {
  draft: DraftSlip;
  added: DraftSelection[];
  leftOut: { selection: DraftSelection; reason: LeftOutReason }[];
}

/**
 * An imported tip's legs into the slip under SPEC §4's rules: pending legs only, not an event already in the slip
 * (nor twice from the same tip), up to the 25 legs a slip may be sent with (50 for the official account). Every leg
 * left out says why. A note (the tip's booking code) is kept with the slip, after any note it already had.
 */
export function addImported(draft: DraftSlip, selections: readonly DraftSelection[], options: { official: boolean; nota?: string }): ImportOutcome {
  const limit = options.official ? DRAFT_SLIP_MAX : SLIP_MAX_SELECTIONS;
  const added: DraftSelection[] = [];
  const leftOut: ImportOutcome['leftOut'] = [];
  const chosen = [...draft.selections];
  for (const selection of selections) {
    if (selection.bet_status !== 'pending') leftOut.push({ selection, reason: 'not-pending' });
    else if (chosen.some((existing) => existing.event_id === selection.event_id)) leftOut.push({ selection, reason: 'in-slip' });
    else if (chosen.length >= limit) leftOut.push({ selection, reason: 'limit' });
    else {
      chosen.push(selection);
      added.push(selection);
    }
  }
  // The note goes with the legs: a tip none of whose legs went in leaves the slip as it was.
  const nota = added.length > 0 ? joinNotes(draft.nota, options.nota) : draft.nota;
  return { draft: recompute({ ...draft, selections: chosen, ...(nota ? { nota } : {}) }), added, leftOut };
}

function joinNotes(before: string | undefined, extra: string | undefined): string | undefined {
  if (!extra || before?.includes(extra)) return before;
  return (before ? `${before} · ${extra}` : extra).slice(0, SLIP_NOTE_MAX);
}

/** The slip's note changed by hand (cleared when empty). */
export function setNote(draft: DraftSlip, nota: string): DraftSlip {
  const trimmed = nota.trim().slice(0, SLIP_NOTE_MAX);
  const next: DraftSlip = { ...draft };
  delete next.nota;
  return trimmed ? { ...next, nota: trimmed } : next;
}

/** Ignored at 50 selections or when the event is already in the slip. */
export function addSelection(draft: DraftSlip, selection: DraftSelection): DraftSlip {
  if (draft.selections.length >= DRAFT_SLIP_MAX) return draft;
  if (draft.selections.some((existing) => existing.event_id === selection.event_id)) return draft;
  return recompute({ ...draft, selections: [...draft.selections, selection] });
}

export type RemoveOutcome = { draft: DraftSlip; removed: boolean; reason?: 'not-found' | 'not-pending' };

/** Only pending selections can be removed; removing one not present does nothing (SPEC §4, §8). */
export function removeSelection(draft: DraftSlip, eventId: string): RemoveOutcome {
  const target = draft.selections.find((selection) => selection.event_id === eventId);
  if (!target) return { draft, removed: false, reason: 'not-found' };
  if (target.bet_status !== 'pending') return { draft, removed: false, reason: 'not-pending' };
  return { draft: recompute({ ...draft, selections: draft.selections.filter((selection) => selection.event_id !== eventId) }), removed: true };
}

export function clearDraft(): DraftSlip {
  return EMPTY_DRAFT;
}

/** Changing the stake recalculates the return. */
export function setStake(draft: DraftSlip, valor: number): DraftSlip {
  return recompute({ ...draft, valor: Number.isFinite(valor) ? valor : 0 });
}

/** Copying a slip keeps only pending selections whose events are not already in the slip (SPEC §4). */
export function copySelections(draft: DraftSlip, selections: readonly DraftSelection[]): DraftSlip {
  return selections
    .filter((selection) => selection.bet_status === 'pending')
    .reduce((current, selection) => addSelection(current, selection), draft);
}

/** A stored draft that does not look right (an old version, a corrupt store) starts over rather than crash. */
export function readDraft(value: unknown): DraftSlip {
  if (!value || typeof value !== 'object') return EMPTY_DRAFT;
  const candidate = value as Partial<DraftSlip>;
  if (!Array.isArray(candidate.selections) || typeof candidate.valor !== 'number') return EMPTY_DRAFT;
  const selections = candidate.selections.filter(
    (selection): selection is DraftSelection =>
      !!selection && typeof selection === 'object' && typeof (selection as DraftSelection).event_id === 'string' && typeof (selection as DraftSelection).event_selection?.odds === 'number',
  );
  const nota = typeof candidate.nota === 'string' && candidate.nota.trim() ? candidate.nota.slice(0, SLIP_NOTE_MAX) : undefined;
  return recompute({ selections, valor: candidate.valor, oddsChange: candidate.oddsChange !== false, ...(nota ? { nota } : {}) });
}
