/** One broken rule: the field it is about and the spec's message for it. */
export interface FieldError<F extends string = string> {
  field: F;
  message: string;
}

/**
 * A form's check: the value to send, or every broken rule in the order the form shows its fields (`errors`, never
 * empty); `field` and `message` are the first of them, for a caller that shows one.
 */
export type Validation<T, F extends string = string> =
  | { ok: true; value: T }
  | { ok: false; field: F; message: string; errors: FieldError<F>[] };

export function fail<F extends string>(field: F, message: string): { ok: false; field: F; message: string; errors: FieldError<F>[] } {
  return { ok: false, field, message, errors: [{ field, message }] };
}

/** Every broken rule at once; null when there is none. */
export function failAll<F extends string>(errors: readonly FieldError<F>[]): { ok: false; field: F; message: string; errors: FieldError<F>[] } | null {
  const [first] = errors;
  return first ? { ok: false, field: first.field, message: first.message, errors: [...errors] } : null;
}
