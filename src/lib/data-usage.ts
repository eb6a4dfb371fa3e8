// The data saver's counter (SPEC-free decision, docs/decisions.md "Data saver"): bytes this app received over the
// network on this phone, this session and this calendar month. Pure: the state layer feeds it resource timings.

/** What the meter keeps across starts: the month it counts and the bytes received in it. */
export interface MonthUsage {
  /** 'YYYY-MM' in the phone's own calendar. */
  month: string;
  bytes: number;
}

export function monthKey(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}`;
}

/** Adds bytes to the month's count; a new month starts again from those bytes. */
export function addToMonth(usage: MonthUsage | null, bytes: number, at: Date): MonthUsage {
  const month = monthKey(at);
  const safe = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0;
  if (!usage || usage.month !== month || !Number.isFinite(usage.bytes) || usage.bytes < 0) return { month, bytes: safe };
  return { month, bytes: usage.bytes + safe };
}

/** What a stored value says, or null when it is missing or not a usage record (a corrupt value starts again). */
export function parseMonthUsage(raw: string | null): MonthUsage | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { month, bytes } = value as Record<string, unknown>;
    if (typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month) || typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return null;
    return { month, bytes };
  } catch {
    return null;
  }
}

/** A resource timing as the meter needs it. */
export interface ReceivedEntry {
  /** Bytes over the network (headers and body); 0 for the HTTP cache. */
  transferSize: number;
  /** Non-zero when the service worker answered; what it served from its cache cost no data. */
  workerStart: number;
  /** 'cache' when the browser answered from a cache (where the browser reports it). */
  deliveryType?: string;
}

/**
 * Bytes one response cost. Service-worker hits and HTTP-cache hits are free; a response the service worker fetched
 * from the network on the page's behalf reports its transfer size like any other.
 */
export function bytesReceived(entry: ReceivedEntry): number {
  if (entry.deliveryType === 'cache') return 0;
  const size = entry.transferSize;
  return Number.isFinite(size) && size > 0 ? size : 0;
}

/** Whether a connection should start with the data saver on: the browser's Save-Data, or a 2G/3G connection. */
export function prefersDataSaver(connection: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}
