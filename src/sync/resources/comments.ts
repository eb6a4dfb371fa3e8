import type { AppDb } from '../../db/app-db.ts';
import { messageSortKey, type StoredMessage } from '../../db/mirror-types.ts';
import { readMirrorOwner } from '../../db/session-record.ts';
import { call } from '../../api/http.ts';
import { CommentListResponseSchema, CommentResponseSchema, type Comentario } from '../../../contract/schemas/slips.ts';
import { PAGE_SIZE } from '../../../contract/limits.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';
import { writeForOwner } from '../mirror-owner.ts';
import { dropAnsweredCopies } from '../outbox/answered-copies.ts';
import type { StoreTables } from '../../db/store-transaction.ts';
import { commentsKey, commentsMetaKey as metaKey } from './profile-keys.ts';

// Comments on a slip (docs/api/betting.md). They are kept as messages under `ficha:{id}`, so a comment written offline
// shows at once and carries the chat's states (saved on this phone, received by the server, refused), and the pruning
// of messages bounds them. Newest first from the server, paged by `before` (key range, never offsets).

const path = (fichaId: string) => `/api/client/common/fichas/${encodeURIComponent(fichaId)}/comentarios`;

function commentRow(comment: Comentario): StoredMessage {
  return {
    id: comment.id,
    chatKey: commentsKey(comment.fichaId),
    sortKey: messageSortKey(comment.createdAt, comment.id),
    senderId: comment.usuario.id,
    sender: { nome: comment.usuario.nome, nomeUsuario: comment.usuario.nomeUsuario },
    mensagem: comment.texto,
    imagens: [],
    createdAt: comment.createdAt,
  };
}

/** A page of the server's comments into the store, in place of the local copies it delivers (answered-copies.ts). */
async function storeComments(tx: StoreTables, comments: Comentario[]): Promise<void> {
  await dropAnsweredCopies(tx, comments.map((comment) => comment.id));
  await tx.messages.bulkPut(comments.map(commentRow));
}

export type CommentsOutcome = 'loaded' | 'no-more' | 'missing' | 'error';

/** The newest page of a slip's comments; a slip the viewer cannot see (hidden, deleted) is 'missing'. */
export async function pullLatestComments(db: AppDb, fichaId: string): Promise<CommentsOutcome> {
  const owner = await readMirrorOwner(db);
  const result = await call(`${path(fichaId)}?size=${PAGE_SIZE}`, { schema: CommentListResponseSchema });
  if (result.kind === 'http' && result.status === 404) return 'missing';
  const stored = await writeForOwner(db, owner, async (tx) => {
    const meta = await tx.syncMeta.get(metaKey(fichaId));
    if (result.kind !== 'ok') {
      await tx.syncMeta.put({ ...(meta ?? { resource: metaKey(fichaId), refreshedAt: 0 }), error: result.message });
      return;
    }
    await storeComments(tx, result.data.comentarios);
    await tx.syncMeta.put({
      resource: metaKey(fichaId),
      refreshedAt: Date.now(),
      error: null,
      // The oldest cursor already reached stays: refreshing the newest page does not undo "see more".
      cursor: meta?.cursor !== undefined ? meta.cursor : result.data.nextBefore,
      noMore: meta?.noMore ?? result.data.nextBefore === null,
    });
  });
  return stored && result.kind === 'ok' ? 'loaded' : 'error';
}

/** The next older page of a slip's comments. */
export async function pullOlderComments(db: AppDb, fichaId: string): Promise<CommentsOutcome> {
  const meta = await db.syncMeta.get(metaKey(fichaId));
  if (!meta || meta.error !== null) return pullLatestComments(db, fichaId);
  if (meta.noMore || !meta.cursor) return 'no-more';
  const owner = await readMirrorOwner(db);
  const result = await call(`${path(fichaId)}?size=${PAGE_SIZE}&before=${encodeURIComponent(meta.cursor)}`, { schema: CommentListResponseSchema });
  if (result.kind === 'http' && result.status === 404) return 'missing';
  const stored = await writeForOwner(db, owner, async (tx) => {
    if (result.kind !== 'ok') return tx.syncMeta.put({ ...meta, error: result.message });
    await storeComments(tx, result.data.comentarios);
    await tx.syncMeta.put({ ...meta, cursor: result.data.nextBefore, noMore: result.data.nextBefore === null });
  });
  return stored && result.kind === 'ok' ? 'loaded' : 'error';
}

/** Writes the comment on this phone and queues it; it shows at once, marked with its outbox state. */
export function sendComment(
  db: AppDb,
  input: { userId: string; fichaId: string; texto: string; author: { nome: string; nomeUsuario: string } },
): Promise<number> {
  return enqueueMutation(db, {
    userId: input.userId,
    kind: 'comment.create',
    method: 'POST',
    path: path(input.fichaId),
    body: { texto: input.texto },
    ref: null,
    optimistic: async (mutationId, tx) => {
      const createdAt = new Date().toISOString();
      await tx.messages.put({
        id: `local:${mutationId}`,
        chatKey: commentsKey(input.fichaId),
        // After everything the server has sent so far, in the order they were written.
        sortKey: messageSortKey(createdAt, `~${String(mutationId).padStart(12, '0')}`),
        senderId: input.userId,
        sender: input.author,
        mensagem: input.texto,
        imagens: [],
        createdAt,
        pendingMutationId: mutationId,
      });
    },
  });
}

/** The server's comment replaces the local one; a refusal keeps it (marked by its entry) until retried or discarded. */
export const commentApplier: Applier = {
  async applied(db, entry, body) {
    await db.messages.delete(`local:${entry.mutationId}`);
    const parsed = CommentResponseSchema.safeParse(body);
    if (!parsed.success) return;
    await db.messages.put(commentRow(parsed.data.comentario));
    const slip = await db.slips.get(parsed.data.comentario.fichaId);
    if (slip) await db.slips.put({ ...slip, data: { ...slip.data, totalComentarios: slip.data.totalComentarios + 1 } });
  },
  async discarded(db, entry) {
    await db.messages.delete(`local:${entry.mutationId}`);
  },
};
