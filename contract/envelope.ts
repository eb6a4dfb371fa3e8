import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// DESIGN §6: every JSON response carries status and message.
export const EnvelopeSchema = lazySchema(() => z.object({ status: z.string(), message: z.string().optional().default('') }));

/** The answer of calls that only need a 2xx (Auth.js's client log, the Beams device API's acknowledgements). */
export const EmptyResponseSchema = lazySchema(() => z.object({}));

/** SPEC §5 "Call success": expected HTTP code, body ok, status equal to success in any letter case. */
export function isCallSuccess(httpStatus: number, body: unknown, expected = 200): boolean {
  if (httpStatus !== expected || typeof body !== 'object' || body === null) return false;
  const status = (body as { status?: unknown }).status;
  return typeof status === 'string' && status.toLowerCase() === 'success';
}
