import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FormError } from './form-error.ts';

/**
 * A form's errors, every field's at once (components/form-error.ts): each shows under its field, tied to it by
 * aria-describedby and aria-invalid (auth/Field.tsx), and after a submit the first invalid field in the form takes
 * the focus. `formRef` goes on the form.
 */
export function useFieldErrors<F extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<{ errors: FormError<F>[]; shown: number }>({ errors: [], shown: 0 });

  useLayoutEffect(() => {
    if (state.shown === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.shown]);

  /** Shows these errors (replacing any earlier) and moves the focus to the first invalid field. */
  const show = useCallback((errors: FormError<F>[]) => setState((current) => ({ errors, shown: current.shown + 1 })), []);
  const clear = useCallback(() => setState((current) => ({ errors: [], shown: current.shown })), []);
  /** Sets or clears one field's error as its value changes, leaving the others and the focus alone. */
  const setField = useCallback(
    (field: F | 'form', message: string | null) =>
      setState((current) => ({
        errors: [...current.errors.filter((error) => error.field !== field), ...(message ? [{ field, message }] : [])],
        shown: current.shown,
      })),
    [],
  );
  const errorFor = (field: F | 'form'): string | null => state.errors.find((error) => error.field === field)?.message ?? null;

  return { formRef, errors: state.errors, show, clear, setField, errorFor };
}
