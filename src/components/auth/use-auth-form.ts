import { useState, type FormEvent } from 'react';
import type { Validation } from '../../../contract/validation/result.ts';
import { MSG } from '../../../contract/messages.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { useFieldErrors } from '../use-field-errors.ts';

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * The submit of the sign-in and recovery forms: the contract's rules first (every broken one under its field at
 * once, the first invalid field focused), offline nothing is sent, then the server's refusal shows on the form
 * (once: components/form-error.ts); `done` gets the success.
 */
export function useAuthForm<T, F extends string, R extends Outcome>(options: {
  validate: () => Validation<T, F>;
  send: (value: T) => Promise<R>;
  done: (result: Extract<R, { ok: true }>) => void;
}) {
  const { formRef, show, clear, errorFor } = useFieldErrors<F>();
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const checked = options.validate();
    if (!checked.ok) return show(checked.errors.map((error) => ({ field: error.field, message: translateServerMessage(error.message) })));
    if (!navigator.onLine) return show([{ field: 'form', message: translateServerMessage(MSG.network) }]);
    setPending(true);
    clear();
    const result = await options.send(checked.value);
    setPending(false);
    if (result.ok) return options.done(result as Extract<R, { ok: true }>);
    show([{ field: 'form', message: translateServerMessage('message' in result ? result.message : MSG.generic) }]);
  };

  return {
    formRef,
    errorFor,
    pending,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void submit();
    },
  };
}
