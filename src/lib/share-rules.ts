import type { GroupSummary } from '../../contract/schemas/groups.ts';
import type { Selection } from '../../contract/schemas/slips.ts';
import { DRAFT_SLIP_MAX } from '../../contract/limits.ts';
import { copyPlan, type CheckedSelection } from '../../contract/staleness.ts';

// The share-a-slip mode of the conversation, group and room lists (SPEC §2, §7 Sharing; docs/api/social.md
// "Sharing a slip"), and what copying a shared slip into the builder keeps (SPEC §4 copy rule with the stale-slip
// check). Pure: the server decides again on current data; these only keep the phone from offering what it would refuse.

/** Why a slip cannot be shared from this phone now. */
export type SlipShareBlock =
  /** Made on this phone and not on the server yet: it has no id others could open. */
  | 'not-sent'
  /** Someone else's slip that its owner hid: the server answers 404 to everybody but the owner. */
  | 'hidden';

export interface ShareableSlip {
  id: string;
  publicada: boolean;
  usuario: { id: string };
}

export function slipShareBlock(slip: ShareableSlip, selfId: string | null): SlipShareBlock | null {
  if (slip.id.startsWith('local:')) return 'not-sent';
  if (!slip.publicada && slip.usuario.id !== selfId) return 'hidden';
  return null;
}

/** The owner may share a hidden slip, but nobody else in the chat can open it until it is published again. */
export function hiddenFromRecipients(slip: ShareableSlip, selfId: string | null): boolean {
  return !slip.publicada && slip.usuario.id === selfId;
}

/** Why a group cannot be chosen in share mode. */
export type GroupShareBlock =
  /** Created on this phone and not on the server yet. */
  | 'not-sent'
  /** A private group the user has not paid for, or whose plan ran out (SPEC §4 mustPay). */
  | 'must-pay'
  /** Only administrators may send there and the user is an ordinary member. */
  | 'admins-only'
  /** Not a member: the server answers 'Junta-te a este grupo para enviar mensagens'. */
  | 'not-member';

export type ShareableGroup = Pick<GroupSummary, 'id' | 'mustPay' | 'allowedSenders' | 'meuPapel'>;

export function groupShareBlock(group: ShareableGroup): GroupShareBlock | null {
  if (group.id.startsWith('local:')) return 'not-sent';
  if (group.mustPay) return 'must-pay';
  if (group.meuPapel === null) return 'not-member';
  if (group.allowedSenders === 'admins' && group.meuPapel === 'normal') return 'admins-only';
  return null;
}

/** Conversations and rooms: anybody signed in may post in a room, and the caller is in every listed conversation. */
export function chatShareBlock(chat: { id: string }): 'not-sent' | null {
  return chat.id.startsWith('local:') ? 'not-sent' : null;
}

/**
 * What copying a slip into the builder did (SPEC §4 copy rule with the stale-slip check: only legs still
 * open, at current odds, whose events are not in the builder yet).
 */
export interface CopyReport {
  copied: number;
  /** Of the copied, those whose price moved since the slip was made: they go in at the price of now. */
  repriced: number;
  /** The match kicked off. */
  started: number;
  /** The leg has its result (won, lost or void). */
  settled: number;
  /** The market is closed (the choice is no longer offered, or the match will not be played). */
  closed: number;
  /** The event left the feed, or there is no result a day after kick-off. */
  noResult: number;
  /** Their event was already in the builder (one selection per event). */
  alreadyIn: number;
  /** The builder was full (at most DRAFT_SLIP_MAX selections). */
  full: number;
}

type CopiedSelection = CheckedSelection & Pick<Selection, 'event_id'>;

/**
 * The one copy rule of every place that copies a slip (chat card, public slip, slip page): the stale-slip check's
 * plan (contract/staleness.ts) at `now`, then the builder's own rules in the order it adds (contract/draft-slip.ts
 * copySelections), so the message matches what the builder shows afterwards. `copy`: the legs to add, at current odds.
 */
export function planCopy<S extends CopiedSelection>(
  draft: readonly Pick<Selection, 'event_id'>[],
  selections: readonly S[],
  now: number,
): { copy: S[]; report: CopyReport } {
  const plan = copyPlan(selections, now);
  const events = new Set(draft.map((selection) => selection.event_id));
  // copyPlan hands back a leg unchanged unless it takes it at a new price.
  const unchanged = new Set<S>(selections);
  const report: CopyReport = {
    copied: 0,
    repriced: 0,
    started: plan.leftOut.started,
    settled: plan.leftOut.settled,
    closed: plan.leftOut.closed,
    noResult: plan.leftOut['no-result'],
    alreadyIn: 0,
    full: 0,
  };
  const copy: S[] = [];
  for (const selection of plan.copy) {
    if (events.has(selection.event_id)) report.alreadyIn += 1;
    else if (events.size >= DRAFT_SLIP_MAX) report.full += 1;
    else {
      events.add(selection.event_id);
      copy.push(selection);
      report.copied += 1;
      if (!unchanged.has(selection)) report.repriced += 1;
    }
  }
  return { copy, report };
}

export function leftOut(report: CopyReport): number {
  return report.started + report.settled + report.closed + report.noResult + report.alreadyIn + report.full;
}

/** The store's note (syncMeta) that the server said a shared slip is gone or hidden from this user. */
export const sharedSlipMissingKey = (id: string) => `shared-slip:${id}`;
