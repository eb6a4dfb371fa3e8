import type { Context, Hono } from 'hono';
import { bodyLimit } from '../lib/body-limit.ts';
import { EmptyResponseSchema } from '../../contract/envelope.ts';
import type { AppEnv } from '../hono-env.ts';
import { reply } from '../lib/answer.ts';

// POST /api/auth/_log: the v4 auth client reports its errors here (protocols §4.4), with no session and no token,
// so anyone can post anything. Only a level and an error code are kept, from a small body, reduced to characters
// that cannot forge a log line (no newlines, no control or bidi characters), and at most a few lines a minute.

const CLIENT_LOG_PATH = '/api/auth/_log';
const MAX_BODY_BYTES = 2048;
const MAX_CODE_LENGTH = 64;
/** Per process; past it, entries are dropped until the minute ends (one line says how many were dropped). */
export const CLIENT_LOG_LINES_PER_MINUTE = 30;
const LEVELS = new Set(['error', 'warn', 'debug']);

let windowStart = 0;
let written = 0;
let dropped = 0;

function allowLine(now: number): boolean {
  if (now - windowStart >= 60_000) {
    if (dropped > 0) console.warn(`[auth][client] ${dropped} entries dropped in the last minute`);
    windowStart = now;
    written = 0;
    dropped = 0;
  }
  if (written >= CLIENT_LOG_LINES_PER_MINUTE) {
    dropped += 1;
    return false;
  }
  written += 1;
  return true;
}

/** The log line for a posted form body: a known level and the code reduced to letters, digits and `_.:-`. */
export function clientLogLine(body: string): string {
  const entry = new URLSearchParams(body);
  const level = entry.get('level') ?? '';
  const code = (entry.get('code') ?? '').replace(/[^A-Za-z0-9_.:-]/g, '').slice(0, MAX_CODE_LENGTH);
  return `[auth][client] ${LEVELS.has(level) ? level : 'log'}${code ? ` ${code}` : ''}`;
}

async function logEntry(c: Context<AppEnv>): Promise<Response> {
  const text = await c.req.text().catch(() => '');
  if (allowLine(Date.now())) console.warn(clientLogLine(text));
  // Core has no such route; the v4 client only needs a 200.
  return reply(c, EmptyResponseSchema, {});
}

/** Mounted before the Auth.js catch-all and the accounts routes, so this bounded handler is the one that answers. */
export function mountClientLog(app: Hono<AppEnv>): void {
  app.post(CLIENT_LOG_PATH, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => reply(c, EmptyResponseSchema, {}, 413) }), logEntry);
}
