import type { SessionEndEffects } from '../auth/session-end.ts';
import { deleteHostedBeamsUser } from '../push/hosted-beams.ts';
import type { BeamsConfig } from './realtime-config.ts';
import type { Realtime } from './realtime.ts';

export interface SessionEndEffectsDeps {
  realtime: Realtime;
  beams: BeamsConfig;
  /** Tests point hosted Beams at a local stand-in. */
  beamsBaseUrl?: string;
}

/**
 * When sessions of a user end: every realtime connection of theirs is closed with 4009 (the embedded server in
 * this process, or through the Pusher HTTP API the external or hosted one), and on hosted Beams their devices are
 * unbound (the embedded device API's bindings were cleared in the ending's own transaction).
 */
export function createSessionEndEffects({ realtime, beams, beamsBaseUrl }: SessionEndEffectsDeps): SessionEndEffects {
  return {
    async sessionsEnded(userId) {
      const work: Promise<void>[] = [realtime.terminateUserConnections(userId)];
      if (beams.mode === 'hosted') {
        work.push(deleteHostedBeamsUser({ instanceId: beams.instanceId, secretKey: beams.secretKey, ...(beamsBaseUrl ? { baseUrl: beamsBaseUrl } : {}) }, userId));
      }
      const failures = (await Promise.allSettled(work)).flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      if (failures.length > 0) throw new AggregateError(failures, 'ending what the sessions authorised failed');
    },
  };
}
