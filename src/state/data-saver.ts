import { atom } from 'jotai';
import { addToMonth, bytesReceived, parseMonthUsage, prefersDataSaver, type MonthUsage, type ReceivedEntry } from '../lib/data-usage.ts';

// The data saver (docs/decisions.md "Data saver"): a choice of this phone,
// kept across starts and users. Until the user chooses, it follows what the browser says of the connection.

const SAVER_KEY = 'dataSaver';
const USAGE_KEY = 'dataUsage';
const SESSION_KEY = 'dataUsageSession';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

function storedChoice(): boolean | null {
  if (typeof localStorage === 'undefined') return null;
  const value = localStorage.getItem(SAVER_KEY);
  return value === 'on' ? true : value === 'off' ? false : null;
}

function connectionPrefersSaver(): boolean {
  if (typeof navigator === 'undefined') return false;
  return prefersDataSaver((navigator as Navigator & { connection?: NetworkInformationLike }).connection);
}

const choiceAtom = atom<boolean | null>(storedChoice());

/** On when the user turned it on, or, until they choose, when the browser reports Save-Data or a 2G/3G connection. */
export const dataSaverAtom = atom(
  (get) => get(choiceAtom) ?? connectionPrefersSaver(),
  (_get, set, on: boolean) => {
    localStorage.setItem(SAVER_KEY, on ? 'on' : 'off');
    set(choiceAtom, on);
  },
);

/** The data saver as the app's timers read it outside React (the same rule as dataSaverAtom). */
export function isDataSaverOn(): boolean {
  return storedChoice() ?? connectionPrefersSaver();
}

/** Whether the current value is the user's own choice or the connection's suggestion. */
export const dataSaverChosenAtom = atom((get) => get(choiceAtom) !== null);

export interface DataUsage {
  session: number;
  month: number;
}

function storedMonth(): MonthUsage | null {
  return typeof localStorage === 'undefined' ? null : parseMonthUsage(localStorage.getItem(USAGE_KEY));
}

const usageAtom = atom<DataUsage>({ session: storedSession(), month: storedMonth()?.bytes ?? 0 });

/**
 * What this app received over the network on this phone, this session and this month, from the browser's resource
 * timings (service-worker and cache hits cost nothing). The meter runs while the settings page or anything else
 * reads it, and the app starts it once at boot so the session count covers the whole session.
 */
export const dataUsageAtom = atom((get) => get(usageAtom));

/** This session's bytes: kept in the tab's session storage, so a reload within the session keeps counting. */
function storedSession(): number {
  if (typeof sessionStorage === 'undefined') return 0;
  const value = Number(sessionStorage.getItem(SESSION_KEY));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

let sessionBytes = storedSession();
const listeners = new Set<(usage: DataUsage) => void>();
let started = false;

function record(bytes: number): void {
  if (bytes <= 0) return;
  sessionBytes += bytes;
  const month = addToMonth(storedMonth(), bytes, new Date());
  try {
    sessionStorage.setItem(SESSION_KEY, String(sessionBytes));
    localStorage.setItem(USAGE_KEY, JSON.stringify(month));
  } catch {
    // A full or blocked storage only loses the monthly figure, never the page.
  }
  for (const listener of listeners) listener({ session: sessionBytes, month: month.bytes });
}

/** Starts counting (once per page): every resource and navigation timing, including those before the start. */
export function startDataMeter(): void {
  if (started || typeof PerformanceObserver === 'undefined') return;
  started = true;
  const observe = (entries: PerformanceEntryList) => {
    let bytes = 0;
    for (const entry of entries) bytes += bytesReceived(entry as PerformanceResourceTiming as ReceivedEntry);
    record(bytes);
  };
  try {
    new PerformanceObserver((list) => observe(list.getEntries())).observe({ type: 'resource', buffered: true });
    new PerformanceObserver((list) => observe(list.getEntries())).observe({ type: 'navigation', buffered: true });
  } catch {
    // Without resource timings there is nothing to count; the settings page says so by showing 0.
  }
  // The resource timing buffer holds 250 entries by default; a long session must not stop counting.
  performance.addEventListener?.('resourcetimingbufferfull', () => performance.clearResourceTimings());
}

usageAtom.onMount = (set) => {
  const listener = (usage: DataUsage) => set(usage);
  listeners.add(listener);
  set({ session: sessionBytes, month: storedMonth()?.bytes ?? 0 });
  return () => {
    listeners.delete(listener);
  };
};
