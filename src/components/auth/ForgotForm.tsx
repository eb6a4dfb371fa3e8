import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { validateForgot } from '../../../contract/validation/auth.ts';
import { MSG } from '../../../contract/messages.ts';
import { requestRecoveryAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Field } from './Field.tsx';

export function ForgotForm() {
  const { t } = useLingui();
  const request = useSetAtom(requestRecoveryAtom);
  const showToast = useSetAtom(showToastAtom);
  const [identifier, setIdentifier] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = validateForgot(identifier);
    if (!checked.ok) {
      setError(translateServerMessage(checked.message));
      return;
    }
    if (!navigator.onLine) {
      setError(translateServerMessage(MSG.network));
      return;
    }
    setPending(true);
    setError(null);
    const result = await request(checked.value);
    setPending(false);
    if (!result.ok) {
      const message = translateServerMessage(result.message);
      setError(message);
      showToast({ kind: 'error', text: message });
      return;
    }
    setNotice(translateServerMessage(result.notice ?? MSG.recoverySent));
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={t`E-mail ou nome de usuario`}
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={error}
      />
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={pending}>
        <Trans>Enviar e-mail de recuperação</Trans>
      </button>
    </form>
  );
}
