import type { Context } from 'hono';

// JSON.parse takes any depth, but JSON.stringify, zod and every recursive walk after it overflow the stack on a
// value nested tens of thousands deep, which would end the process. One pass over the text, before parsing, refuses it.

/** Frames, trigger bodies and API bodies (a batch item's included) nest at most 6 levels; 32 leaves room for any client's own data. */
export const MAX_JSON_DEPTH = 32;

/** Whether the JSON text nests arrays and objects at most `maxDepth` deep (brackets inside strings do not count). */
export function jsonDepthWithin(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return false;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return true;
}

/**
 * The request's JSON body, refused (a SyntaxError, as for malformed JSON) when it nests deeper than MAX_JSON_DEPTH:
 * every JSON body of the API is read here (eslint refuses `c.req.json()` in server/), so no nesting reaches a
 * recursive walk (zod, JSON.stringify of a batch item) and overflows the stack into a 500.
 */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!jsonDepthWithin(text)) throw new SyntaxError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  return JSON.parse(text);
}
