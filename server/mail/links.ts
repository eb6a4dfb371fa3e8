import type { Context } from 'hono';
import { brandForHost, type Brand } from '../../contract/brands.ts';
import type { AppEnv } from '../app-env.ts';
import { publicUrl } from '../lib/http.ts';

function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The origin a mail's link points at. A request's Host is the sender's to choose, so a forgot-password request
 * naming another site would otherwise mail the victim a reset link to that site: the request's origin is used only
 * when it is one of PUBLIC_URL's (the brand the user is on), else the first of them. Without PUBLIC_URL (the local
 * demo) only local hosts are ours.
 */
export function mailOrigin(c: Context<AppEnv>): string {
  const config = c.get('config');
  const asked = publicUrl(c).origin;
  const [first] = config.publicUrls;
  if (first !== undefined) return config.publicUrls.includes(asked) ? asked : first;
  return isLocalName(new URL(asked).hostname) ? asked : `http://localhost:${config.port}`;
}

export interface MailLinkBase {
  origin: string;
  brand: Brand;
}

export function mailLinkBase(c: Context<AppEnv>): MailLinkBase {
  const origin = mailOrigin(c);
  return { origin, brand: brandForHost(new URL(origin).host) };
}
