import type { AppDb } from '../../../../src/db/app-db.ts';
import { enqueueMutation } from '../../../../src/sync/outbox/enqueue.ts';

// A "note" kind of outbox entry for the outbox engine's tests (the page's replayer and the worker's drain): its
// optimistic row lives in `users` (any table works for the engine's contract) and its name says what happened to it.

export const note = (nome: string) => ({ id: 'note', nome, nomeUsuario: 'note', fotografia: null, role: 'usuario' as const });

/** Stores a live session for `userId`, as a sign-in does. */
export async function storeSession(db: AppDb, userId: string, extra: { signOutPending?: boolean } = {}): Promise<void> {
  await db.kv.put({
    key: 'session',
    session: { user: { id: userId, nomeUsuario: userId, role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
    checkedAt: Date.now(),
    ...extra,
  });
}

/** Queues a note (POST /api/notes {text}) with its optimistic row `local:{mutationId}`; returns its mutationId. */
export function queueNote(db: AppDb, userId = 'u1', text = 'olá'): Promise<number> {
  return enqueueMutation(db, {
    userId,
    kind: 'note',
    method: 'POST',
    path: '/api/notes',
    body: { text },
    optimistic: async (mutationId) => {
      await db.users.put({ id: `local:${mutationId}`, nomeUsuario: 'note', data: note(text), seenAt: 0 });
    },
  });
}
