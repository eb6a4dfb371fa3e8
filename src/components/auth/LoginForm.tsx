import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { validateLogin } from '../../../contract/validation/auth.ts';
import { signInAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { Field } from './Field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useLingui();
  const signIn = useSetAtom(signInAtom);
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const [userData, setUserData] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, errorFor, pending, onSubmit } = useAuthForm({
    validate: () => validateLogin({ userData, password }),
    send: (value) => signIn({ ...value, callbackUrl }),
    done: () => {
      showToast({ kind: 'success', text: t`Sessão iniciada` });
      navigate(callbackUrl, { replace: true });
    },
  });

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
      <Field
        label={t`E-mail ou nome de usuario`}
        name="userData"
        autoComplete="username"
        autoCapitalize="none"
        value={userData}
        onChange={(event) => setUserData(event.target.value)}
        error={errorFor('userData')}
      />
      <Field
        label={t`Palavra passe`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errorFor('password')}
      />
      {errorFor('form') && (
        <p className="form-error" role="alert">
          {errorFor('form')}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={pending}>
        {pending ? <Trans>A entrar...</Trans> : <Trans>Entrar</Trans>}
      </button>
    </form>
  );
}
