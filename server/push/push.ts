import type { Config } from '../config.ts';
import type { Db } from '../db/create-db.ts';
import { createEndpointPolicy } from './endpoint-policy.ts';
import { createHostedBeamsDelivery } from './hosted-beams.ts';
import { createWebPushDelivery, type PushDelivery } from './web-push-delivery.ts';

export type { PushDelivery } from './web-push-delivery.ts';

/** Hosted Beams when BEAMS_INSTANCE_ID/BEAMS_SECRET_KEY are set, otherwise the embedded web-push service. */
export function createPushDelivery(config: Config, db: Db, options: { ca?: Buffer } = {}): PushDelivery {
  const { beams, vapid, pushEndpointAllowlist } = config.realtime;
  if (beams.mode === 'hosted') return createHostedBeamsDelivery({ instanceId: beams.instanceId, secretKey: beams.secretKey });
  const endpoints = createEndpointPolicy({ allowlist: pushEndpointAllowlist });
  return createWebPushDelivery({ db, instanceId: beams.instanceId, vapid, endpoints, ...options });
}
