import { createHmac } from 'node:crypto';
import { safeEqual } from '../realtime/signature.ts';

// The device id the Beams SDK receives at registration and sends back on every device call.
// The SDK proves nothing else (its DELETE carries no token), so the id itself is the device's secret: the row id
// plus an HMAC of it under the instance secret key. A row id seen in a log or a database dump cannot be turned
// into a handle, and a handle cannot be guessed, so only the browser that registered can change or delete its device.

const PURPOSE = 'fichas-push-device:';

function mac(rowId: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(`${PURPOSE}${rowId}`).digest('base64url');
}

export function deviceHandle(rowId: string, secretKey: string): string {
  return `${rowId}.${mac(rowId, secretKey)}`;
}

/** The row a handle names, or null when it is not one this server issued. */
export function rowIdOfHandle(handle: string, secretKey: string): string | null {
  const dot = handle.lastIndexOf('.');
  if (dot <= 0) return null;
  const rowId = handle.slice(0, dot);
  return safeEqual(handle.slice(dot + 1), mac(rowId, secretKey)) ? rowId : null;
}
