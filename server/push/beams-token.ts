import { createHmac } from 'node:crypto';
import { sessionClaimsOf, type SessionClaims } from '../auth/session-revocation.ts';
import { safeEqual } from '../realtime/signature.ts';

// Beams user tokens (protocols §3.1): an HS256 JWT signed with the instance secret key, `sub` = user id,
// `iss` = https://{instanceId}.pushnotifications.pusher.com, valid 24 h — what push-notifications-node issues,
// so the same token works with hosted Beams and with the embedded device API. It also names the session it was
// issued under (`sid`, `authAt`, as the session cookie does): the embedded device API binds a device under that
// session only while it is live, so a token taken before the session ended binds nothing after.

export const TOKEN_TTL_S = 24 * 3600;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function beamsIssuer(instanceId: string): string {
  return `https://${instanceId}.pushnotifications.pusher.com`;
}

export interface BeamsTokenOptions {
  instanceId: string;
  secretKey: string;
  userId: string;
  /** The session the token is issued under; a token without one binds no device of the embedded API. */
  session?: SessionClaims;
  now?: number;
}

export function signBeamsToken(options: BeamsTokenOptions): string {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const session = options.session ? { sid: options.session.sid, authAt: options.session.authAt } : {};
  const payload = base64url(
    JSON.stringify({ sub: options.userId, iss: beamsIssuer(options.instanceId), iat, exp: iat + TOKEN_TTL_S, ...session }),
  );
  const signature = createHmac('sha256', options.secretKey).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export interface VerifiedBeamsToken {
  userId: string;
  /** The session it was issued under; null for a token that names none. */
  session: SessionClaims | null;
}

/** What a valid token names, or null (bad signature, other instance, expired, malformed). */
export function verifyBeamsToken(token: string, options: { instanceId: string; secretKey: string; now?: number }): VerifiedBeamsToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header = '', payload = '', signature = ''] = parts;
  const expected = createHmac('sha256', options.secretKey).update(`${header}.${payload}`).digest('base64url');
  if (!safeEqual(signature, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const nowS = Math.floor((options.now ?? Date.now()) / 1000);
    if (claims.iss !== beamsIssuer(options.instanceId)) return null;
    if (typeof claims.exp !== 'number' || claims.exp < nowS) return null;
    if (typeof claims.sub !== 'string' || claims.sub.length === 0) return null;
    return { userId: claims.sub, session: sessionClaimsOf(claims) };
  } catch {
    return null;
  }
}
