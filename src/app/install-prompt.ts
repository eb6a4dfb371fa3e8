// The install action: offered in the menu when the browser fires `beforeinstallprompt`, hidden once the
// app is installed, and not offered again for a week once the user said no.

type Listener = () => void;

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'installDismissedAt';
/** How long a "no" keeps the action hidden. */
export const INSTALL_QUIET_MS = 7 * 24 * 60 * 60_000;

/** Whether to offer installing: the browser offers it, the app is not installed, and no recent "no". */
export function installOffered(input: { browserOffers: boolean; installed: boolean; dismissedAt: number | null; now: number }): boolean {
  if (!input.browserOffers || input.installed) return false;
  return input.dismissedAt === null || !(input.now - input.dismissedAt < INSTALL_QUIET_MS);
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

function dismissedAt(): number | null {
  const value = Number(localStorage.getItem(DISMISSED_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** For useSyncExternalStore: whether the menu shows Instalar aplicação. */
export const appInstall = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  offered: (): boolean => installOffered({ browserOffers: deferred !== null, installed, dismissedAt: dismissedAt(), now: Date.now() }),
  /** The browser's own install dialog; a "no" there hides the action for a week. */
  async install(): Promise<void> {
    const event = deferred;
    if (!event) return;
    // The browser's event serves once.
    deferred = null;
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') installed = true;
    else localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    notify();
  },
};

/** Listens from start-up: the browser may offer installing before the menu is first opened. */
let listening = false;

export function listenForInstallPrompt(): void {
  // Called at start (main.tsx: the browser may offer it before the worker registers) and again on registering.
  if (listening) return;
  listening = true;
  installed = matchMedia('(display-mode: standalone)').matches;
  addEventListener('beforeinstallprompt', (event) => {
    // The app offers it from its menu, instead of the browser's own bar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}
