import { webPublishOf } from './payload.ts';
import type { PushDelivery } from './web-push-delivery.ts';

// Hosted Beams (DESIGN §5): publish to users through Beams' publish API with the instance secret key
// (protocols §3.1). Beams stores the devices and adds `data.pusher` to what the service worker receives.

/** Beams accepts at most 1000 users per publish. */
const USERS_PER_PUBLISH = 1000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface HostedBeamsOptions {
  instanceId: string;
  secretKey: string;
  /** Tests point this at a local server; defaults to https://{instanceId}.pushnotifications.pusher.com. */
  baseUrl?: string;
}

export function createHostedBeamsDelivery(options: HostedBeamsOptions): PushDelivery {
  const base = options.baseUrl ?? `https://${options.instanceId}.pushnotifications.pusher.com`;
  const url = `${base}/publish_api/v1/instances/${encodeURIComponent(options.instanceId)}/publishes/users`;
  return {
    async send(userIds, sinal) {
      const users = [...new Set(userIds)];
      const web = webPublishOf(sinal);
      for (let start = 0; start < users.length; start += USERS_PER_PUBLISH) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.secretKey}` },
          body: JSON.stringify({ users: users.slice(start, start + USERS_PER_PUBLISH), web }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        if (!response.ok) {
          const text = await response.text().catch(() => '');
          console.error(`[push] Beams publish failed (${response.status}): ${text.slice(0, 300)}`);
        }
      }
    },
  };
}

/**
 * Beams' Customer API "delete a user" (DELETE /customer_api/v1/instances/{id}/users/{userId}): every device bound to
 * the user is unbound and gets nothing more. Beams knows devices by user, not by session, so when any session of a
 * user ends all of the user's devices go; a phone whose session is still live binds itself again the next time the
 * app starts (docs/decisions.md, "Ended sessions and live channels").
 */
export async function deleteHostedBeamsUser(options: HostedBeamsOptions, userId: string): Promise<void> {
  const base = options.baseUrl ?? `https://${options.instanceId}.pushnotifications.pusher.com`;
  const url = `${base}/customer_api/v1/instances/${encodeURIComponent(options.instanceId)}/users/${encodeURIComponent(userId)}`;
  const response = await fetch(url, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${options.secretKey}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`Beams user deletion failed (${response.status}): ${text.slice(0, 300)}`);
  }
}
