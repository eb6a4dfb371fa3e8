import type { Context } from 'hono';
import { brandForHost, type Brand } from '../../contract/brands.ts';
import type { AppEnv } from '../hono-env.ts';
import { publicUrl } from '../lib/http.ts';

function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The origin a mail's link points at. A request's Host is the sender's to choose, so a forgot-password request
 * naming another site would otherwise mail the victim a reset link to that site: the PUBLIC_URL origin with the
 * request's host is used (the brand the user is on, with its configured scheme), else the first of them. Without
 * PUBLIC_URL (the local demo) only local hosts are ours.
 */
export function mailOrigin(c: Context<AppEnv>): string {
  const config = c.get('config');
  const asked = publicUrl(c);
  const [first] = config.publicUrls;
  if (first !== undefined) return config.publicUrls.find((origin) => new URL(origin).host === asked.host) ?? first;
  return isLocalName(asked.hostname) ? asked.origin : `http://localhost:${config.port}`;
}

export interface MailLinkBase {
  origin: string;
  brand: Brand;
}

export function mailLinkBase(c: Context<AppEnv>): MailLinkBase {
  const origin = mailOrigin(c);
  return { origin, brand: brandForHost(new URL(origin).host) };
}
