import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Which push endpoints the embedded push service may post to. A device's endpoint comes from
// whoever registered it, so without this the server could be made to post to itself, its network or the cloud's
// metadata service on every signal. An endpoint must be https on port 443 whose host resolves only to public
// unicast addresses, or a host the operator listed in PUSH_ENDPOINT_ALLOWLIST. It is checked when the device
// registers and again before each send, and the connection itself goes through a lookup that refuses private
// addresses, so a name that resolves differently by then (DNS rebinding) reaches nothing inside.

/** One PUSH_ENDPOINT_ALLOWLIST entry: `host`, `*.domain` (its subdomains) or `[ipv6]`, with an optional `:port`. */
export interface AllowedHost {
  host: string;
  /** `*.domain`: any name under the domain, not the domain itself. */
  subdomains: boolean;
  /** null: 443 only. */
  port: number | null;
}

const ENTRY = /^(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/** Parses the comma-separated list; answers the entries or the first one that is not understood. */
export function parseAllowlist(text: string): AllowedHost[] | { invalid: string } {
  const entries: AllowedHost[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const match = ENTRY.exec(entry);
    const port = match?.[3] === undefined ? null : Number(match[3]);
    const host = match?.[2]?.replace(/^\[|\]$/g, '');
    if (!match || !host || (port !== null && (port < 1 || port > 65535)) || (host.includes(':') && isIP(host) !== 6)) {
      return { invalid: raw.trim() };
    }
    entries.push({ host, subdomains: match[1] !== undefined, port });
  }
  return entries;
}

function normalHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

function listedName(allowlist: readonly AllowedHost[], host: string): AllowedHost[] {
  return allowlist.filter((entry) => (entry.subdomains ? host.endsWith(`.${entry.host}`) : host === entry.host));
}

/**
 * Everything that is not a public unicast address: this host, private networks, link-local (cloud metadata at
 * 169.254.169.254), CGNAT, multicast, reserved and documentation ranges, and the IPv6 forms that carry an IPv4
 * address (mapped addresses are checked against the IPv4 rules by BlockList itself; NAT64 and 6to4 are refused).
 */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
    ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ];
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  const v6: [string, number][] = [
    ['::', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
    ['2002::', 16], ['3fff::', 20], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  ];
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();
/** Global unicast IPv6; everything outside it is reserved or local. */
const GLOBAL_V6 = (() => {
  const list = new BlockList();
  list.addSubnet('2000::', 3, 'ipv6');
  return list;
})();

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  if (NOT_PUBLIC.check(address, 'ipv6')) return false;
  // An IPv4-mapped address passed the IPv4 rules above; any other IPv6 address must be global unicast.
  return /^::ffff:/i.test(address) || GLOBAL_V6.check(address, 'ipv6');
}

export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

export type EndpointVerdict =
  | { ok: true }
  /** `lasting`: the endpoint can never be accepted (scheme, port, a private address literal), whatever DNS says. */
  | { ok: false; reason: string; lasting: boolean };

export interface EndpointPolicy {
  check(endpoint: string): Promise<EndpointVerdict>;
  /** A `lookup` for the sending agent: resolves as the system does and refuses names that lead anywhere private. */
  lookup: typeof dnsLookup;
}

export interface EndpointPolicyOptions {
  allowlist: readonly AllowedHost[];
  /** The system resolver unless a test gives its own. */
  resolve?: Resolve;
  /** Ports accepted for hosts not on the allow-list: 443 only, unless a test runs its push service elsewhere. */
  ports?: readonly number[];
}

export function createEndpointPolicy(options: EndpointPolicyOptions): EndpointPolicy {
  const { allowlist } = options;
  const resolve = options.resolve ?? systemResolve;
  const ports = options.ports ?? [443];
  const refuse = (reason: string, lasting: boolean): EndpointVerdict => ({ ok: false, reason, lasting });

  const publicAddresses = async (host: string): Promise<LookupAddress[] | string> => {
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(host);
    } catch {
      return `${host} does not resolve`;
    }
    if (addresses.length === 0) return `${host} does not resolve`;
    const inside = addresses.find((entry) => !isPublicAddress(entry.address));
    return inside ? `${host} resolves to a non-public address (${inside.address})` : addresses;
  };

  const check = async (endpoint: string): Promise<EndpointVerdict> => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return refuse('not a URL', true);
    }
    if (url.protocol !== 'https:') return refuse('not https', true);
    if (url.username || url.password) return refuse('credentials in the URL', true);
    const host = normalHost(url.hostname);
    const port = url.port ? Number(url.port) : 443;
    if (listedName(allowlist, host).some((entry) => (entry.port ?? 443) === port)) return { ok: true };
    if (!ports.includes(port)) return refuse(`port ${port} (push services use 443)`, true);
    if (isIP(host)) return isPublicAddress(host) ? { ok: true } : refuse(`non-public address ${host}`, true);
    const resolved = await publicAddresses(host);
    return typeof resolved === 'string' ? refuse(resolved, false) : { ok: true };
  };

  /** The addresses a connection may use, or an error saying why none. */
  const connectable = async (host: string): Promise<LookupAddress[]> => {
    if (listedName(allowlist, host).length > 0) return resolve(host);
    const found = await publicAddresses(host);
    if (typeof found === 'string') throw Object.assign(new Error(`push endpoint refused: ${found}`), { code: 'EPUSHREFUSED' });
    return found;
  };

  // The signature node:net calls: (hostname, options, callback), with `all` set when it wants every address.
  const lookup = ((hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    connectable(normalHost(hostname)).then(
      (found) => {
        const first = found[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }));
        if (lookupOptions.all) return callback(null, found);
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as typeof dnsLookup;

  return { check, lookup };
}
