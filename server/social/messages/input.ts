import type { Context } from 'hono';
import { decodeImageDataUrl, type DecodedImage } from '../../../contract/data-url.ts';
import { IMAGE_MAX_BYTES } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { SendMessageRequestSchema } from '../../../contract/schemas/chats.ts';
import { validateMessage } from '../../../contract/validation/social.ts';
import type { AppEnv } from '../../hono-env.ts';
import { isAcceptableImage } from '../../auth/image.ts';
import { jsonError } from '../../lib/http.ts';
import { readJson, type Parsed } from '../shared/request.ts';

export interface MessageInput {
  text: string;
  images: DecodedImage[];
}

export type ImageCheck = { ok: true; image: DecodedImage } | { ok: false; status: 400 | 413; message: string };

/**
 * Checks an image data URL: too heavy is 413 'Envie uma imagem mais leve', anything that is not a real image of a
 * known type is 400 'Problema com a imagem'.
 */
export function checkImage(dataUrl: string): ImageCheck {
  const decoded = decodeImageDataUrl(dataUrl);
  if (decoded && decoded.bytes > IMAGE_MAX_BYTES) return { ok: false, status: 413, message: MSG.imageTooHeavy };
  if (!decoded || !isAcceptableImage(dataUrl)) return { ok: false, status: 400, message: MSG.imageProblem };
  return { ok: true, image: decoded };
}

/** The body of POST …/mensagens: text up to 2000 characters, up to 2 images (docs/api/social.md). */
export async function readMessageInput(c: Context<AppEnv>): Promise<Parsed<MessageInput>> {
  const body = await readJson(c, SendMessageRequestSchema);
  if (!body.ok) return body;
  const { mensagem, imagens } = body.data;
  const rule = validateMessage(mensagem, imagens);
  if (!rule.ok) return { ok: false, response: jsonError(c, rule.message === MSG.imageTooHeavy ? 413 : 400, rule.message) };
  const images: DecodedImage[] = [];
  for (const dataUrl of imagens) {
    const check = checkImage(dataUrl);
    if (!check.ok) return { ok: false, response: jsonError(c, check.status, check.message) };
    images.push(check.image);
  }
  return { ok: true, data: { text: rule.value, images } };
}
