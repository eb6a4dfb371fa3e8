import { atom, type Atom } from 'jotai';
import { db } from '../db/instance.ts';
import type { SyncMeta } from '../db/types.ts';
import { COMMENT_MAX } from '../../contract/limits.ts';
import { MSG } from '../../contract/messages.ts';
import { commentsKey, commentsMetaKey } from '../sync/resources/profile-keys.ts';
import { cachedAtom, liveAtom, viewAtom, type Pending } from './live-atom.ts';
import { personalAtom } from './personal-atom.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';
import { runEnqueue, type EnqueueResult } from './enqueue-action.ts';
import { myEntriesAtom, syncStateOf, type SyncState } from './outbox.ts';
import { myAccountAtom } from './account.ts';
import { PENDING } from './live-atom.ts';

// Comments on a slip (SPEC §1 "comment"; docs/api/betting.md): newest first, paged, and written offline through the
// outbox with the states of a chat message.

export interface CommentItem {
  /** The server id, or `local:N` until the server has it. */
  id: string;
  authorId: string;
  authorName: string;
  authorHandle: string;
  texto: string;
  createdAt: string;
  own: boolean;
  sync: SyncState;
}

const commentAtoms = new Map<string, Atom<CommentItem[] | Pending>>();

/** The newest `limit` comments of a slip, newest first (those written here and not yet sent on top). */
export function commentsAtom(fichaId: string, limit: number): Atom<CommentItem[] | Pending> {
  const key = commentsKey(fichaId);
  return cachedAtom(commentAtoms, `${key}|${limit}`, () =>
    viewAtom(
      personalAtom([], () =>
        db.messages
          .where('[chatKey+sortKey]')
          .between([key, ''], [key, '\uffff'])
          .reverse()
          .limit(limit)
          .toArray(),
      ),
      (rows, get) => {
        const entries = get(myEntriesAtom);
        const selfId = get(sessionUserAtom)?.id ?? null;
        return rows.map((row) => ({
          id: row.id,
          authorId: row.senderId,
          authorName: row.sender?.nome ?? '',
          authorHandle: row.sender?.nomeUsuario ?? '',
          texto: row.mensagem,
          createdAt: row.createdAt,
          own: row.senderId === selfId,
          sync: syncStateOf(entries, row.pendingMutationId),
        }));
      },
    ),
  );
}

const metaAtoms = new Map<string, Atom<SyncMeta | undefined | Pending>>();

/** When the comments were last fetched, the last failure, and whether older ones are left on the server. */
export function commentsMetaAtom(fichaId: string): Atom<SyncMeta | undefined | Pending> {
  const key = commentsMetaKey(fichaId);
  return cachedAtom(metaAtoms, key, () => liveAtom(() => db.syncMeta.get(key)));
}

export type CommentsOutcome = 'loaded' | 'no-more' | 'missing' | 'error';

export const pullCommentsAtom = atom(null, async (_get, _set, input: { fichaId: string; older?: boolean }): Promise<CommentsOutcome> => {
  const sync = await loadSync();
  return input.older ? sync.pullOlderComments(db, input.fichaId) : sync.pullLatestComments(db, input.fichaId);
});

/** The comment rule (1 to 500 characters after trimming): the server's message, or null when it may be sent. */
export function commentProblem(texto: string): string | null {
  const length = texto.trim().length;
  return length < 1 || length > COMMENT_MAX ? MSG.commentLength : null;
}

/** Saves the comment on this phone and queues it; a comment breaking the rule is refused here with its message. */
export const sendCommentAtom = atom(null, (get, _set, input: { fichaId: string; texto: string }): Promise<EnqueueResult> => {
  const problem = commentProblem(input.texto);
  if (problem) return Promise.resolve({ ok: false, message: problem });
  const user = get(sessionUserAtom);
  const account = get(myAccountAtom);
  const nome = account !== PENDING && account ? account.nome : (user?.nomeUsuario ?? '');
  return runEnqueue(user, (sync, userId) =>
    sync.sendComment(db, { userId, fichaId: input.fichaId, texto: input.texto.trim(), author: { nome, nomeUsuario: user?.nomeUsuario ?? '' } }),
  );
});
