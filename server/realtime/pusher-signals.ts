import { NOVO_SINAL_EVENT, userChannel } from '../../contract/schemas/realtime.ts';
import type { Sinal } from '../../contract/schemas/signals.ts';
import type { PushDelivery } from '../push/push.ts';
import type { Signals } from '../signals/signals.ts';
import { fitSinal } from './fit-sinal.ts';
import type { Realtime } from './realtime.ts';

// The real Signals (DESIGN §5): `novoSinal` with {sinal} on each recipient's presence-{userId} (published in this
// process when the realtime server is embedded, through the official `pusher` SDK otherwise), and a push to the recipients' devices. Both are best effort — the app pulls what it
// missed on reconnect and on open — so failures are logged here and never reach the caller, whose transaction
// has already committed (the match feed calls this outside any request).

/** Pusher accepts at most 100 channels per trigger and 10 KB of data (protocols §2.2). */
const CHANNELS_PER_TRIGGER = 100;
const MAX_EVENT_BYTES = 10_000;

export interface LiveSignalsDeps {
  realtime: Realtime;
  push: PushDelivery;
}

export function createPusherSignals({ realtime, push }: LiveSignalsDeps): Signals {
  const trigger = async (userIds: string[], sinal: Sinal) => {
    const data = { sinal: fitSinal(sinal, MAX_EVENT_BYTES) };
    const channels = userIds.map(userChannel);
    for (let start = 0; start < channels.length; start += CHANNELS_PER_TRIGGER) {
      try {
        await realtime.trigger(channels.slice(start, start + CHANNELS_PER_TRIGGER), NOVO_SINAL_EVENT, data);
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        console.error(`[realtime] trigger failed${status ? ` (${String(status)})` : ''}`, (error as Error).message);
      }
    }
  };

  const deliver = async (userIds: string[], sinal: Sinal) => {
    try {
      await push.send(userIds, sinal);
    } catch (error) {
      console.error('[push] delivery failed', error);
    }
  };

  return {
    async send(userIds, sinal) {
      const unique = [...new Set(userIds)].filter((id) => id.length > 0);
      if (unique.length === 0) return;
      await Promise.all([trigger(unique, sinal), deliver(unique, sinal)]);
    },
  };
}
