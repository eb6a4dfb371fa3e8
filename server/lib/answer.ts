import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

// Every answer names the contract schema the client parses it with, so a field renamed on either side fails the
// type-check. The schema is a type witness only: parsing every response would cost throughput, and
// tests/unit/server/contract-answers.test.ts parses real answers of every route with the same schemas.

/** A response schema with the DESIGN §6 envelope. */
export type EnvelopeSchema = z.ZodType<unknown, { status: string; message?: string }>;

/** A JSON body in the envelope, as stored for replays. */
export type EnvelopeBody = { status: string; message: string; [field: string]: unknown };

/** What a handler fills in of an envelope schema: status is set for it and message defaults to ''. */
export type Payload<S extends EnvelopeSchema> = Omit<z.input<S>, 'status' | 'message'> & { message?: string };

/** A success answer (`status: 'success'`) holding exactly what `schema` describes. */
export function answer<S extends EnvelopeSchema>(
  c: Context,
  _schema: S,
  payload: NoInfer<Payload<S>>,
  status: ContentfulStatusCode = 200,
): Response {
  return c.json({ status: 'success', message: '', ...payload }, status);
}

/** An answer whose whole body is `schema`'s: the protocols outside the envelope (Pusher, Beams, Auth.js). */
export function reply<S extends z.ZodType>(c: Context, _schema: S, body: NoInfer<z.input<S>>, status: ContentfulStatusCode = 200): Response {
  return c.json(body as object, status);
}

/** The body of a success `payload` for `schema`, for answers stored before they are sent (idempotency, batches). */
export function successBody<S extends EnvelopeSchema>(_schema: S, payload: NoInfer<Payload<S>>): EnvelopeBody {
  return { status: 'success', message: '', ...payload };
}
