import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { validateLogin } from '../../../contract/validation/auth.ts';
import { MSG } from '../../../contract/messages.ts';
import { signInAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Field } from './Field.tsx';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useLingui();
  const signIn = useSetAtom(signInAtom);
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const [userData, setUserData] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'userData' | 'password' | 'form'; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLogin({ userData, password });
    if (!checked.ok) {
      setError({ field: checked.field, message: translateServerMessage(checked.message) });
      return;
    }
    if (!navigator.onLine) {
      setError({ field: 'form', message: translateServerMessage(MSG.network) });
      return;
    }
    setPending(true);
    setError(null);
    const result = await signIn({ ...checked.value, callbackUrl });
    setPending(false);
    if (!result.ok) {
      const message = translateServerMessage(result.message);
      setError({ field: 'form', message });
      showToast({ kind: 'error', text: message });
      return;
    }
    showToast({ kind: 'success', text: t`Sessão iniciada` });
    navigate(callbackUrl, { replace: true });
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={t`E-mail ou nome de usuario`}
        name="userData"
        autoComplete="username"
        autoCapitalize="none"
        value={userData}
        onChange={(event) => setUserData(event.target.value)}
        error={error?.field === 'userData' ? error.message : null}
      />
      <Field
        label={t`Palavra passe`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error?.field === 'password' ? error.message : null}
      />
      {error?.field === 'form' && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={pending}>
        {pending ? <Trans>A entrar...</Trans> : <Trans>Entrar</Trans>}
      </button>
    </form>
  );
}
