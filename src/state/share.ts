import { atom, type Atom } from 'jotai';
import { liveQuery } from 'dexie';
import { db } from '../db/instance.ts';
import type { ChatType } from '../../contract/schemas/signals.ts';
import type { Selection } from '../../contract/schemas/slips.ts';
import { readDraft } from '../../contract/draft-slip.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { chatShareBlock, groupShareBlock, planCopy, sharedSlipMissingKey, type CopyReport, type GroupShareBlock } from '../lib/share-rules.ts';
import { conversationsAtom, groupsAtom, roomsAtom } from './community.ts';
import { cachedAtom, liveAtom, PENDING, type Pending } from './live-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue } from './enqueue-action.ts';
import { copySlipAtom } from './slip-builder.ts';

// Sharing a slip (SPEC §2 share-a-slip mode, §7 Sharing) and the slip card a shared slip shows as in every chat.

/** A chat the share dialog offers, with why it cannot be chosen (null: it can). */
export interface ShareTarget {
  chatType: ChatType;
  chatId: string;
  name: string;
  /** A second line: the other user's handle, the group's members, the room's competition. */
  detail: string;
  block: GroupShareBlock | null;
}

export interface ShareTargets {
  conversas: ShareTarget[];
  grupos: ShareTarget[];
  salas: ShareTarget[];
}

/** Choosable first, in the list's own order (most recently active first). */
const choosableFirst = (targets: ShareTarget[]) => [...targets.filter((t) => !t.block), ...targets.filter((t) => t.block)];

/** The conversation, group and room lists of the phone's store, in share mode. */
export const shareTargetsAtom: Atom<ShareTargets | Pending> = atom((get) => {
  const conversations = get(conversationsAtom);
  const groups = get(groupsAtom);
  const rooms = get(roomsAtom);
  const selfId = get(sessionUserAtom)?.id ?? null;
  if (conversations === PENDING || groups === PENDING || rooms === PENDING) return PENDING;
  return {
    conversas: choosableFirst(
      conversations.map((conversation) => {
        const other = conversation.primeiroUsuario.id === selfId ? conversation.segundoUsuario : conversation.primeiroUsuario;
        return { chatType: 'conversa', chatId: conversation.id, name: other.nome, detail: `@${other.nomeUsuario}`, block: chatShareBlock(conversation) };
      }),
    ),
    grupos: choosableFirst(
      groups.map((group) => ({ chatType: 'grupo', chatId: group.id, name: group.nome, detail: String(group.totalUsuarios), block: groupShareBlock(group) })),
    ),
    salas: choosableFirst(
      rooms.map((room) => ({ chatType: 'sala', chatId: room.id, name: room.nome, detail: room.evento?.competition_name ?? '', block: chatShareBlock(room) })),
    ),
  };
});

/** How a queued share ended: acknowledged by the server, or refused with its message and the underlying reason. */
export type ShareOutcome = { kind: 'sent' } | { kind: 'refused'; message: string; motivo: string | null };

function motivoOf(rejection: unknown): string | null {
  const motivo = rejection && typeof rejection === 'object' ? (rejection as { motivo?: unknown }).motivo : undefined;
  return typeof motivo === 'string' && motivo.trim() ? motivo : null;
}

/**
 * Follows one outbox entry until the server acknowledges it (the entry is gone: applied in the transaction that
 * deleted it) or refuses it. Offline it simply waits; the promise outlives the screen that asked.
 */
export function shareOutcome(mutationId: number): Promise<ShareOutcome> {
  return new Promise((resolve) => {
    let finished = false;
    let unsubscribe: (() => void) | null = null;
    const finish = (outcome: ShareOutcome) => {
      if (finished) return;
      finished = true;
      unsubscribe?.();
      resolve(outcome);
    };
    const subscription = liveQuery(() => db.outbox.get(mutationId)).subscribe({
      next: (entry) => {
        if (!entry) finish({ kind: 'sent' });
        else if (entry.state === 'rejected') finish({ kind: 'refused', message: entry.error ?? '', motivo: motivoOf(entry.rejection) });
      },
      error: (error: unknown) => console.error('[share] could not follow the share', error),
    });
    unsubscribe = () => subscription.unsubscribe();
    if (finished) subscription.unsubscribe();
  });
}

export type ShareResult = { ok: true; mutationId: number; outcome: Promise<ShareOutcome> } | { ok: false; message: string };

/** Shares a slip into a chat through the outbox (also offline): a local message shows at once, marked "saved". */
export const shareSlipAtom = atom(null, async (get, _set, input: { fichaId: string; chatType: ChatType; chatId: string }): Promise<ShareResult> => {
  const result = await runEnqueue(get(sessionUserAtom), (sync, userId) => sync.shareSlip(db, { userId, ...input }));
  return result.ok ? { ...result, outcome: shareOutcome(result.mutationId) } : result;
});

/** Pulls the conversation, group and room lists so the dialog offers the chats as the server has them now. */
export const refreshShareTargetsAtom = atom(null, async () => {
  const sync = await loadSync();
  await Promise.all([sync.refreshList(db, sync.conversationsList()), sync.refreshList(db, sync.groupsList()), sync.refreshList(db, sync.roomsList())]);
});

const missingAtoms = new Map<string, Atom<boolean | Pending>>();

/** Whether the server said a shared slip is gone or hidden from this user (kept, so it shows offline too). */
export function sharedSlipMissingAtom(id: string): Atom<boolean | Pending> {
  return cachedAtom(missingAtoms, id, () => liveAtom(() => db.syncMeta.get(sharedSlipMissingKey(id)).then((meta) => meta?.error === 'missing')));
}

/** Fetches a shared slip into the store when it is not there or is older than the list interval. */
export const refreshSharedSlipAtom = atom(null, async (get, _set, id: string) => {
  const user = get(sessionUserAtom);
  if (!user) return 'error' as const;
  return (await loadSync()).refreshSharedSlip(db, { id, selfId: user.id, maxAgeMs: REFRESH_LISTS_MS });
});

/**
 * Copies a slip's legs still open into the builder, at current odds (SPEC §4 copy rule with the stale-slip check,
 * contract/staleness.ts), and says what was kept and what was left out and why. Every place that copies a slip goes
 * through here.
 */
export const copySharedSlipAtom = atom(null, async (_get, set, selections: Selection[]): Promise<CopyReport> => {
  const record = await db.kv.get('draftSlip');
  const before = readDraft(record?.key === 'draftSlip' ? record.value : null);
  const { copy, report } = planCopy(before.selections, selections, Date.now());
  // The builder keeps the leg as it is now; the market's reading belongs to the shared slip.
  if (copy.length > 0) await set(copySlipAtom, copy.map(({ event_selection_now: _now, ...leg }) => leg));
  return report;
});
