// Cross-tab session signal, as the next-auth v4 client does it: a storage event on `nextauth.message`
// (protocols §4.4). Dexie's liveQuery also reaches other tabs; this wakes them to ask the server.
const KEY = 'nextauth.message';

export function signalOtherTabs(trigger: 'signin' | 'signout' | 'getSession'): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ event: 'session', data: { trigger }, timestamp: Date.now() }));
  } catch {
    // Storage can be full or disabled (private mode); other tabs then catch up on focus.
  }
}

export function onOtherTabSignal(listener: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === KEY && event.newValue) listener();
  };
  addEventListener('storage', handler);
  return () => removeEventListener('storage', handler);
}
