import { PENDING, type Pending } from '../../state/live-atom.ts';

/** What a list screen shows in place of its rows. */
export type ListView = 'rows' | 'skeleton' | 'not-on-phone' | 'empty';

interface ListFacts {
  /** The rows from the phone's store (PENDING until it has answered). */
  rows: readonly unknown[] | Pending;
  /** The list's sync record: when the server last answered it (refreshedAt 0: never), PENDING until read. */
  meta: { refreshedAt: number; error: string | null } | null | undefined | Pending;
  online: boolean;
  /** How many rows something else on the phone says there are (an unread counter): an empty store then is not the answer. */
  expected?: number;
}

/**
 * An empty state only when the store and the server agree the list is empty: the store has no rows and the server
 * has answered this list before, and nothing on the phone says otherwise. Until then a skeleton; a list this phone
 * has never loaded and cannot load now (offline, or its first try failed) says so, never that the user has none.
 */
export function listView({ rows, meta, online, expected = 0 }: ListFacts): ListView {
  if (rows === PENDING) return 'skeleton';
  if (rows.length > 0) return 'rows';
  if (meta === PENDING) return 'skeleton';
  const answered = !!meta && meta.refreshedAt > 0;
  if (answered && expected === 0) return 'empty';
  return online && !meta?.error ? 'skeleton' : 'not-on-phone';
}
