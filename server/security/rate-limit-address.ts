import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIPv4, isIPv6 } from 'node:net';

/** Requests with no socket behind them (app.request() in tests) all count as this one address. */
const UNKNOWN_ADDRESS = 'unknown';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The eight groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The key a per-address limit counts under. An IPv4-mapped IPv6 address is its IPv4 address; an IPv6 address is
 * its /64 network, because one subscriber (a phone, a home router) is handed a whole /64 and could otherwise rotate
 * through it.
 */
export function addressKey(address: string | undefined): string {
  const bare = address?.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!bare) return UNKNOWN_ADDRESS;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(bare)) return bare;
  if (isIPv6(bare)) return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
  return UNKNOWN_ADDRESS;
}

/**
 * The client's address: the socket's peer, or with `trustProxy` the last X-Forwarded-For entry, the one our own
 * proxy appended (entries to its left come from the client and prove nothing).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1);
    if (forwarded?.trim()) return addressKey(forwarded);
  }
  return addressKey(socketAddress(c));
}
