// Images travel in JSON as data URLs. Size is the decoded byte count.
const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/;

export interface DecodedImage {
  mime: string;
  bytes: number;
  base64: string;
}

export function decodeImageDataUrl(value: string): DecodedImage | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const base64 = match[2] ?? '';
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return { mime: match[1] ?? '', bytes: (base64.length * 3) / 4 - padding, base64 };
}

/** Decoded size of a data URL without validating it; Infinity when it is not base64. */
export function dataUrlBytes(value: string): number {
  const comma = value.indexOf(',');
  if (comma < 0 || !value.slice(0, comma).endsWith(';base64')) return Number.POSITIVE_INFINITY;
  const base64 = value.slice(comma + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
