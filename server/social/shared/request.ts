import type { Context } from 'hono';
import type { z } from 'zod';
import { MSG } from '../../../contract/messages.ts';
import { MessagePageQuerySchema, PageQuerySchema } from '../../../contract/schemas/chats.ts';
import type { AppEnv } from '../../hono-env.ts';
import { isJsonRequest, jsonError } from '../../lib/http.ts';
import { jsonBody } from '../../lib/json-depth.ts';

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** A JSON body checked against its contract schema; anything else (not JSON, malformed, wrong shape) is a 400. */
export async function readJson<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<Parsed<z.infer<S>>> {
  // JSON only: a cross-site HTML form cannot send application/json without a CORS preflight (DESIGN §5).
  if (!isJsonRequest(c)) return { ok: false, response: jsonError(c, 400, MSG.invalidRequest) };
  let raw: unknown;
  try {
    raw = await jsonBody(c);
  } catch {
    return { ok: false, response: jsonError(c, 400, MSG.invalidRequest) };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: jsonError(c, 400, MSG.invalidRequest) };
  return { ok: true, data: parsed.data };
}

/** Query parameters checked against a schema (400 MSG.invalidRequest otherwise). Repeated keys take the first. */
export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) return { ok: false, response: jsonError(c, 400, MSG.invalidRequest) };
  return { ok: true, data: parsed.data };
}

export interface Page {
  size: number;
  offset: number;
}

export function readPage(c: Context<AppEnv>): Parsed<Page> {
  const query = readQuery(c, PageQuerySchema);
  if (!query.ok) return query;
  return { ok: true, data: { size: query.data.size, offset: (query.data.pageNumber - 1) * query.data.size } };
}

export interface MessagePage extends Page {
  before: string | undefined;
}

export function readMessagePage(c: Context<AppEnv>): Parsed<MessagePage> {
  const query = readQuery(c, MessagePageQuerySchema);
  if (!query.ok) return query;
  const { size, pageNumber, before } = query.data;
  // With a cursor the page number is ignored: the cursor already says where the page starts.
  return { ok: true, data: { size, offset: before ? 0 : (pageNumber - 1) * size, before } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot exist, so it is answered 404 without a query. */
export function isId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}
