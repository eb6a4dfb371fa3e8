import { db } from '../db/instance.ts';
import type { SessionUser } from '../../contract/schemas/auth.ts';
import { MSG } from '../../contract/messages.ts';
import { loadSync } from './lazy-sync.ts';

type Sync = Awaited<ReturnType<typeof loadSync>>;

export type EnqueueResult = { ok: true; mutationId: number } | { ok: false; message: string };

/**
 * Runs an outbox write for the signed-in user and pokes the replayer. A store that refuses the write (full,
 * closed) comes back as a message for the screen; nothing was half-written, the transaction rolled back.
 */
export async function runEnqueue(
  user: SessionUser | null,
  write: (sync: Sync, userId: string) => Promise<number>,
): Promise<EnqueueResult> {
  if (!user) return { ok: false, message: MSG.unauthenticated };
  const sync = await loadSync();
  try {
    const mutationId = await write(sync, user.id);
    sync.afterEnqueue(db);
    return { ok: true, mutationId };
  } catch (error) {
    console.error('[outbox] could not save on this phone', error);
    return { ok: false, message: error instanceof Error && error.name === 'QuotaExceededError' ? MSG.storageFull : MSG.generic };
  }
}
