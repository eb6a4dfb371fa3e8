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

// Turning notifications off in the settings is this device's choice, kept across starts and users.
const PUSH_OFF_KEY = 'pushOff';
const pushOffAtom = atom(typeof localStorage !== 'undefined' && localStorage.getItem(PUSH_OFF_KEY) === '1');

/** The settings toggle: on while this device is allowed to notify and the user has not turned it off. */
export const pushStateAtom = atom((get) => {
  const permission = get(permissionAtom);
  if (permission === 'unsupported' || permission === 'denied') return permission;
  return permission === 'granted' && !get(pushOffAtom) ? ('on' as const) : ('off' as const);
});

export const setPushOnAtom = atom(null, async (_get, set, on: boolean) => {
  if (!on) {
    localStorage.setItem(PUSH_OFF_KEY, '1');
    set(pushOffAtom, true);
    await (await loadSync()).unregisterPush(db).catch(() => undefined);
    return 'unavailable' as const;
  }
  const outcome = await set(enablePushAtom);
  if (outcome === 'registered') {
    localStorage.removeItem(PUSH_OFF_KEY);
    set(pushOffAtom, false);
  }
  return outcome;
});

/** With permission already given, the device is (re)registered for whoever signed in, unless turned off here. */
export function startPush(userId: string): void {
  if (currentPermission() !== 'granted' || localStorage.getItem(PUSH_OFF_KEY) === '1') return;
  void loadSync().then((sync) => sync.registerPush(db, userId, { ask: false }));
}
