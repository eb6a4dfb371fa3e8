import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { loadSync } from './lazy-sync.ts';
import { sessionUserAtom } from './session.ts';

type PushPermission = NotificationPermission | 'unsupported';

function currentPermission(): PushPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

const permissionAtom = atom<PushPermission>(currentPermission());
const dismissedAtom = atom(typeof sessionStorage !== 'undefined' && sessionStorage.getItem('pushPromptDismissed') === '1');

/** Offer notifications to a signed-in user who has not decided yet (never a prompt without a tap). */
export const showPushPromptAtom = atom((get) => get(sessionUserAtom) !== null && get(permissionAtom) === 'default' && !get(dismissedAtom));

export const dismissPushPromptAtom = atom(null, (_get, set) => {
  sessionStorage.setItem('pushPromptDismissed', '1');
  set(dismissedAtom, true);
});

export const enablePushAtom = atom(null, async (get, set) => {
  const user = get(sessionUserAtom);
  if (!user) return 'unavailable' as const;
  const outcome = await (await loadSync()).registerPush(db, user.id, { ask: true });
  set(permissionAtom, currentPermission());
  return outcome;
});

/** With permission already given, the device is (re)registered for whoever signed in. */
export function startPush(userId: string): void {
  if (currentPermission() !== 'granted') return;
  void loadSync().then((sync) => sync.registerPush(db, userId, { ask: false }));
}
