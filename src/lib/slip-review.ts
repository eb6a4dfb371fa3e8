import type { Selection } from '../../contract/schemas/slips.ts';

// A refused slip (SPEC §8 "Create slip, response with ficha: selections updated and rejected with the message"):
// what the user sent next to what the server answered, so moved odds and started matches stand out.

export interface ReviewedSelection {
  selection: Selection;
  /** The odds the slip was sent with, when they differ from the current ones. */
  sentOdds: number | null;
  moved: boolean;
  started: boolean;
}

interface SentSelection {
  event_id: string;
  event_selection: { type: string; choice: string; odds: number };
}

function sentOf(body: unknown): SentSelection[] {
  const ficha = (body as { ficha?: unknown } | null)?.ficha;
  return Array.isArray(ficha) ? (ficha as SentSelection[]) : [];
}

export function reviewRefusal(current: readonly Selection[], sentBody: unknown): ReviewedSelection[] {
  const sent = new Map(sentOf(sentBody).map((selection) => [selection.event_id, selection.event_selection.odds]));
  return current.map((selection) => {
    const before = sent.get(selection.event_id);
    const moved = before !== undefined && Math.abs(before - selection.event_selection.odds) > 0.001;
    return { selection, sentOdds: moved ? before : null, moved, started: selection.event_status !== 'NS' };
  });
}
