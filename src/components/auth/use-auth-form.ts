import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import type { Validation } from '../../../contract/validation/result.ts';
import { MSG } from '../../../contract/messages.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

export interface FormError<F extends string> {
  field: F | 'form';
  message: string;
}

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * The submit of the sign-in and recovery forms: the contract's rules first (the message under the field), offline
 * nothing is sent, then the server's refusal shows on the form and as a toast; `done` gets the success.
 */
export function useAuthForm<T, F extends string, R extends Outcome>(options: {
  validate: () => Validation<T, F>;
  send: (value: T) => Promise<R>;
  done: (result: Extract<R, { ok: true }>) => void;
}) {
  const showToast = useSetAtom(showToastAtom);
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
    showToast({ kind: 'error', text: message });
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
