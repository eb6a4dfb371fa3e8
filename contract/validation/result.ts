export type Validation<T, F extends string = string> =
  | { ok: true; value: T }
  | { ok: false; field: F; message: string };

export function fail<F extends string>(field: F, message: string): { ok: false; field: F; message: string } {
  return { ok: false, field, message };
}
