import type { Context } from 'hono';
import { decodeImageDataUrl } from '../../../contract/data-url.ts';
import { MSG } from '../../../contract/messages.ts';
import type { AppEnv } from '../../hono-env.ts';
import { jsonError } from '../../lib/http.ts';
import { isId } from '../shared/request.ts';

function imageResponse(c: Context<AppEnv>, mime: string, base64: string, cache: string): Response {
  c.header('Content-Type', mime);
  c.header('Cache-Control', cache);
  return c.body(Buffer.from(base64, 'base64'));
}

/** GET /api/client/common/imagens/{id}: a message image. Ids are unguessable and an image never changes. */
export async function serveMessageImage(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const row = await c.get('db').selectFrom('imagens').select(['mime', 'dados']).where('id', '=', id).executeTakeFirst();
  if (!row) return jsonError(c, 404, MSG.notFound);
  return imageResponse(c, row.mime, row.dados, 'private, max-age=31536000, immutable');
}

/** GET /api/client/public/fotografias/{userId}?v=: a user's photo; the version in the URL changes with the photo. */
export async function serveUserPhoto(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('userId');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const row = await c.get('db').selectFrom('usuarios').select('fotografia').where('id', '=', id).executeTakeFirst();
  const decoded = row?.fotografia ? decodeImageDataUrl(row.fotografia) : null;
  if (!decoded) return jsonError(c, 404, MSG.notFound);
  return imageResponse(c, decoded.mime, decoded.base64, 'public, max-age=31536000, immutable');
}

/** GET /api/client/common/grupos/{id}/imagem?v=: a group's image. */
export async function serveGroupImage(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param('id');
  if (!isId(id)) return jsonError(c, 404, MSG.notFound);
  const row = await c.get('db').selectFrom('grupos').select('imagem').where('id', '=', id).executeTakeFirst();
  const decoded = row?.imagem ? decodeImageDataUrl(row.imagem) : null;
  if (!decoded) return jsonError(c, 404, MSG.notFound);
  return imageResponse(c, decoded.mime, decoded.base64, 'private, max-age=31536000, immutable');
}
