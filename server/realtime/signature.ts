import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Pusher's two signatures (protocols §1.5 channel authorization, §2.3 HTTP API auth_version 1.0), checked in
// constant time so a forger learns nothing from how long a refusal takes.

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export function md5Hex(body: Uint8Array): string {
  return createHash('md5').update(body).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // Lengths are public (a hex digest has one length); only the content comparison must not leak.
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The string a private (`socket:channel`) or presence (`socket:channel:channel_data`) subscription signs. */
export function channelAuthString(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

export function channelAuthValid(options: {
  key: string;
  secret: string;
  socketId: string;
  channel: string;
  auth: string | undefined;
  channelData?: string;
}): boolean {
  if (typeof options.auth !== 'string') return false;
  const expected = `${options.key}:${hmacHex(options.secret, channelAuthString(options.socketId, options.channel, options.channelData))}`;
  return safeEqual(options.auth, expected);
}

/** pusher:signin's signature: `KEY:` + HMAC over `socket_id::user::user_data` (pusher-http-node getSocketSignatureForUser). */
export function userAuthValid(options: { key: string; secret: string; socketId: string; userData: string; auth: string }): boolean {
  return safeEqual(options.auth, `${options.key}:${hmacHex(options.secret, `${options.socketId}::user::${options.userData}`)}`);
}

/** Pusher rejects requests whose auth_timestamp is further than this from server time. */
export const TIMESTAMP_WINDOW_S = 600;

export interface SignedRequest {
  method: string;
  /** The path as sent, with the /apps/{id} prefix, no host, no query. */
  path: string;
  query: URLSearchParams;
  /** Raw body bytes; null or empty when the request has none. */
  body: Uint8Array | null;
}

/**
 * Checks an HTTP API request signed by the `pusher` SDK (auth_version 1.0). Answers null when it is good,
 * otherwise why not, for the 401 body.
 */
export function requestSignatureProblem(
  request: SignedRequest,
  app: { key: string; secret: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): string | null {
  const params = new Map<string, string>();
  for (const [name, value] of request.query) params.set(name.toLowerCase(), value);
  const signature = params.get('auth_signature');
  if (!signature) return 'Missing auth_signature';
  if (params.get('auth_key') !== app.key) return 'Unknown auth_key';
  if (params.get('auth_version') !== '1.0') return 'Unsupported auth_version (expected 1.0)';
  const timestamp = Number(params.get('auth_timestamp'));
  if (!Number.isInteger(timestamp)) return 'Missing auth_timestamp';
  if (Math.abs(nowSeconds - timestamp) > TIMESTAMP_WINDOW_S) {
    return `Timestamp expired: given ${timestamp}, server time ${nowSeconds} (allowed ±${TIMESTAMP_WINDOW_S} s)`;
  }
  const hasBody = request.body !== null && request.body.length > 0;
  if (hasBody) {
    const sent = params.get('body_md5');
    if (!sent || !safeEqual(sent, md5Hex(request.body as Uint8Array))) return 'Invalid body_md5';
  }
  params.delete('auth_signature');
  // Sorted by key and joined without URL-encoding, exactly as the SDK signs it (protocols §2.3).
  const query = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const expected = hmacHex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${query}`);
  return safeEqual(signature, expected) ? null : 'Invalid signature';
}
