import { IMAGE_MAX_BYTES } from '../../contract/limits.ts';
import { decodeImageDataUrl } from '../../contract/data-url.ts';

// The declared type must match the file's leading bytes, so a renamed non-image is refused as an image problem.
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  'image/gif': (h) => ['GIF87a', 'GIF89a'].includes(h.subarray(0, 6).toString('latin1')),
  'image/webp': (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A base64 image data URL of a known type, whose bytes start like that type, at most IMAGE_MAX_BYTES. */
export function isAcceptableImage(dataUrl: string): boolean {
  const decoded = decodeImageDataUrl(dataUrl);
  if (!decoded || decoded.base64.length % 4 !== 0 || decoded.bytes > IMAGE_MAX_BYTES) return false;
  const check = SIGNATURES[decoded.mime];
  return check !== undefined && check(Buffer.from(decoded.base64.slice(0, 16), 'base64'));
}
