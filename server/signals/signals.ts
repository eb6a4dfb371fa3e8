import type { Sinal } from '../../contract/schemas/signals.ts';

/**
 * Delivers live signals to users (DESIGN §5): realtime `novoSinal` on `presence-{userId}` and a push to their
 * devices. Handlers call it only after their transaction commits (see idempotent's `after`).
 */
export interface Signals {
  send(userIds: readonly string[], sinal: Sinal): Promise<void>;
}

/** Keeps what was sent, for tests that check who was told what. */
export interface MemorySignals extends Signals {
  readonly sent: { userIds: string[]; sinal: Sinal }[];
}

export function createMemorySignals(): MemorySignals {
  const sent: { userIds: string[]; sinal: Sinal }[] = [];
  return {
    sent,
    async send(userIds, sinal) {
      sent.push({ userIds: [...userIds], sinal });
    },
  };
}
