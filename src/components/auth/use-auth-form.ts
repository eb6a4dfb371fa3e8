import { useState, type FormEvent } from 'react';
import type { Validation } from '../../../contract/validation/result.ts';
import { MSG } from '../../../contract/messages.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

import type { FormError } from '../form-error.ts';

export type { FormError };

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * The submit of the sign-in and recovery forms: the contract's rules first (the message under the field), offline
 * nothing is sent, then the server's refusal shows on the form (once: components/form-error.ts); `done` gets the success.
 */
export function useAuthForm<T, F extends string, R extends Outcome>(options: {
  validate: () => Validation<T, F>;
  send: (value: T) => Promise<R>;
  done: (result: Extract<R, { ok: true }>) => void;
}) {
  const [error, setError] = useState<FormError<F> | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const checked = options.validate();
    if (!checked.ok) return setError({ field: checked.field, message: translateServerMessage(checked.message) });
    if (!navigator.onLine) return setError({ field: 'form', message: translateServerMessage(MSG.network) });
    setPending(true);
    setError(null);
    const result = await options.send(checked.value);
    setPending(false);
    if (result.ok) return options.done(result as Extract<R, { ok: true }>);
    const message = translateServerMessage('message' in result ? result.message : MSG.generic);
    setError({ field: 'form', message });
  };

  return {
    error,
    pending,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void submit();
    },
  };
}
