import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { parseAllowlist, type AllowedHost } from '../push/endpoint-policy.ts';

// PUSHER_*, BEAMS_*, VAPID_* (docs/api/realtime.md "Configuration"). Parsed with the rest of the environment by
// server/config.ts; keys that are not given are generated once and kept in {DATA_DIR}/realtime-keys.json.

const port = z.coerce
  .number({ error: 'expected a port number' })
  .int('expected a whole number')
  .min(1, 'expected 1 to 65535')
  .max(65535, 'expected 1 to 65535');

const bool = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const lowered = value.trim().toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(lowered)) return true;
    if (['0', 'false', 'off', 'no'].includes(lowered)) return false;
    ctx.addIssue({ code: 'custom', message: `expected one of on/off, true/false, 1/0, yes/no (got "${value}")` });
    return z.NEVER;
  });

export const realtimeEnvShape = {
  PUSHER_MODE: z.enum(['embedded', 'external', 'hosted'], { error: 'expected embedded, external or hosted' }).optional(),
  PUSHER_APP_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected letters, digits, _ or -').optional(),
  PUSHER_KEY: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected letters, digits, _ or -').optional(),
  PUSHER_SECRET: z.string().min(8, 'expected at least 8 characters').optional(),
  PUSHER_CLUSTER: z.string().regex(/^[a-z0-9-]+$/, 'expected a cluster name such as eu').default('eu'),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: port.optional(),
  PUSHER_USE_TLS: bool,
  PUSHER_WS_HOST: z.string().optional(),
  PUSHER_WS_PORT: port.optional(),
  PUSHER_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ error: 'expected a number of connections (0 = no limit)' })
    .int('expected a whole number')
    .min(0, 'expected 0 (no limit) or more')
    .default(100),
  BEAMS_INSTANCE_ID: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'expected the instance id from the Beams dashboard').optional(),
  BEAMS_SECRET_KEY: z.string().min(8, 'expected at least 8 characters').optional(),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'expected a URL-safe base64 P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'expected a URL-safe base64 P-256 private key').optional(),
  PUSH_ENDPOINT_ALLOWLIST: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseAllowlist(value);
      if (Array.isArray(parsed)) return parsed;
      ctx.addIssue({ code: 'custom', message: `expected hosts such as fcm.googleapis.com,*.notify.windows.com (not understood: "${parsed.invalid}")` });
      return z.NEVER;
    })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'expected a mailto: address or an https:// URL')
    .default('mailto:suporte@fichas.ao'),
};

/** The parsed variables (only the type is needed: server/config.ts parses them with the rest). */
type RealtimeEnv = z.output<z.ZodObject<typeof realtimeEnvShape>>;

export interface PusherConfig {
  /** embedded: this server speaks the protocol; external: another server (hosted Pusher, soketi…) does. */
  mode: 'embedded' | 'external';
  appId: string;
  key: string;
  secret: string;
  /** External: app id, key and secret come from the database, shared with `npm run realtime` on it. */
  keysFromDatabase: boolean;
  cluster: string;
  /** Where the `pusher` SDK sends triggers; null = Pusher's own host for the cluster (hosted), or this server. */
  host: string | null;
  port: number | null;
  useTLS: boolean;
  /** Where browsers connect; null = the page's own host/port (embedded) or Pusher's for the cluster (hosted). */
  wsHost: string | null;
  wsPort: number | null;
  /** Embedded server: WebSocket connections one client address may hold at once; 0 = no limit. */
  maxConnectionsPerAddress: number;
}

export interface BeamsConfig {
  /** hosted: Pusher Beams delivers; embedded: this server's device API and web-push do. */
  mode: 'embedded' | 'hosted';
  instanceId: string;
  secretKey: string;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface RealtimeConfig {
  pusher: PusherConfig;
  beams: BeamsConfig;
  vapid: VapidConfig;
  /**
   * Push endpoint hosts the embedded push service accepts besides public ones (server/push/endpoint-policy.ts),
   * even where they resolve privately. Empty unless PUSH_ENDPOINT_ALLOWLIST is set.
   */
  pushEndpointAllowlist: AllowedHost[];
}

const KEYS_FILE = 'realtime-keys.json';

interface StoredKeys {
  pusherAppId?: string;
  pusherKey?: string;
  pusherSecret?: string;
  beamsInstanceId?: string;
  beamsSecretKey?: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

/** Generated keys, made on first use and kept owner-only so clients and devices survive restarts. */
function keyStore(dataDir: string) {
  const file = join(dataDir, KEYS_FILE);
  let stored: StoredKeys | undefined;
  const load = (): StoredKeys => {
    if (stored) return stored;
    try {
      stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredKeys) : {};
    } catch {
      stored = {};
    }
    return stored;
  };
  const save = (keys: StoredKeys) => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  };
  const present = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
  return {
    get(name: keyof StoredKeys, make: () => string): string {
      const keys = load();
      const existing = keys[name];
      if (present(existing)) return existing;
      const made = make();
      keys[name] = made;
      save(keys);
      return made;
    },
    /** Two values that belong together (a key pair): both kept, or both made anew. */
    pair(first: keyof StoredKeys, second: keyof StoredKeys, make: () => [string, string]): [string, string] {
      const keys = load();
      const a = keys[first];
      const b = keys[second];
      if (present(a) && present(b)) return [a, b];
      const made = make();
      keys[first] = made[0];
      keys[second] = made[1];
      save(keys);
      return made;
    },
  };
}

/** Turns the parsed variables into settings; returns problems (one line each) instead of throwing. */
export function resolveRealtimeConfig(
  env: RealtimeEnv,
  dataDir: string,
  options: { sharedDatabase?: boolean } = {},
): RealtimeConfig | string[] {
  const problems: string[] = [];
  const store = keyStore(dataDir);
  // Hosted/external Pusher needs the app's real credentials; the embedded server makes its own.
  const mode = env.PUSHER_MODE ?? (env.PUSHER_HOST ? 'external' : 'embedded');
  const isExternal = mode !== 'embedded';
  // Our own embedded server run alone (`npm run realtime`) on the same PostgreSQL shares its keys through the
  // database (server/shared-secrets.ts): processes pointed at it by PUSHER_HOST need no keys in the environment.
  const keysFromDatabase = mode === 'external' && Boolean(env.PUSHER_HOST) && options.sharedDatabase === true;
  if (isExternal && !keysFromDatabase) {
    for (const name of ['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'] as const) {
      if (!env[name]) problems.push(`  ${name}: required when PUSHER_MODE is ${mode} (or PUSHER_HOST is set)`);
    }
  }
  if (mode === 'embedded' && env.PUSHER_HOST) {
    problems.push('  PUSHER_HOST: only used with PUSHER_MODE=external; leave it unset for the embedded server');
  }
  if (Boolean(env.BEAMS_INSTANCE_ID) !== Boolean(env.BEAMS_SECRET_KEY)) {
    problems.push('  BEAMS_INSTANCE_ID and BEAMS_SECRET_KEY must be set together');
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push('  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (problems.length > 0) return problems;

  const hosted = mode === 'hosted' || (mode === 'external' && !env.PUSHER_HOST);
  const useTLS = env.PUSHER_USE_TLS ?? hosted;
  const pusher: PusherConfig = isExternal
    ? {
        mode: 'external',
        appId: env.PUSHER_APP_ID ?? '',
        key: env.PUSHER_KEY ?? '',
        secret: env.PUSHER_SECRET ?? '',
        keysFromDatabase,
        cluster: env.PUSHER_CLUSTER,
        host: env.PUSHER_HOST ?? null,
        port: env.PUSHER_PORT ?? null,
        useTLS,
        wsHost: env.PUSHER_WS_HOST ?? env.PUSHER_HOST ?? `ws-${env.PUSHER_CLUSTER}.pusher.com`,
        wsPort: env.PUSHER_WS_PORT ?? env.PUSHER_PORT ?? null,
        maxConnectionsPerAddress: 0,
      }
    : {
        mode: 'embedded',
        keysFromDatabase: false,
        appId: env.PUSHER_APP_ID ?? store.get('pusherAppId', () => String(randomInt(100_000, 10_000_000))),
        key: env.PUSHER_KEY ?? store.get('pusherKey', () => randomBytes(10).toString('hex')),
        secret: env.PUSHER_SECRET ?? store.get('pusherSecret', () => randomBytes(24).toString('hex')),
        cluster: env.PUSHER_CLUSTER,
        host: null,
        port: null,
        useTLS: false,
        wsHost: env.PUSHER_WS_HOST ?? null,
        wsPort: env.PUSHER_WS_PORT ?? null,
        maxConnectionsPerAddress: env.PUSHER_MAX_CONNECTIONS_PER_ADDRESS,
      };

  const beams: BeamsConfig =
    env.BEAMS_INSTANCE_ID && env.BEAMS_SECRET_KEY
      ? { mode: 'hosted', instanceId: env.BEAMS_INSTANCE_ID, secretKey: env.BEAMS_SECRET_KEY }
      : {
          mode: 'embedded',
          instanceId: store.get('beamsInstanceId', () => randomUUID()),
          secretKey: store.get('beamsSecretKey', () => randomBytes(32).toString('base64url')),
        };

  let vapid: VapidConfig;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    vapid = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  } else {
    const [publicKey, privateKey] = store.pair('vapidPublicKey', 'vapidPrivateKey', () => {
      const generated = webpush.generateVAPIDKeys();
      return [generated.publicKey, generated.privateKey];
    });
    vapid = { publicKey, privateKey, subject: env.VAPID_SUBJECT };
  }

  return { pusher, beams, vapid, pushEndpointAllowlist: env.PUSH_ENDPOINT_ALLOWLIST ?? [] };
}
