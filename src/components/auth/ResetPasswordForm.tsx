import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { validateNewPassword } from '../../../contract/validation/auth.ts';
import { resetPasswordAtom } from '../../state/session.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Field } from './Field.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { passwordRuleMessage } from './password-rule-message.ts';
import type { Validation } from '../../../contract/validation/result.ts';

/** The page a mailed reset link opens (`/login?redefinir={token}`): a new password and its confirmation. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (notice: string) => void }) {
  const { t } = useLingui();
  const reset = useSetAtom(resetPasswordAtom);
  const [password, setPassword] = useState('');
  const [passwordConfirmacao, setPasswordConfirmacao] = useState('');
  const { formRef, errorFor, pending, onSubmit } = useAuthForm({
    validate: (): Validation<string, 'password' | 'passwordConfirmacao'> => {
      const checked = validateNewPassword({ password, passwordConfirmacao });
      if (checked.ok) return checked;
      const errors = checked.errors.map((error) => ({ ...error, message: passwordRuleMessage(error.field, error.message) }));
      return { ...checked, message: passwordRuleMessage(checked.field, checked.message), errors };
    },
    send: (value) => reset({ token, password: value, passwordConfirmacao }),
    done: (result) => onDone(translateServerMessage(result.notice ?? '')),
  });
  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
      <h1 className="section-title" id="reset-title">
        <Trans>Nova palavra passe</Trans>
      </h1>
      <Field
        label={t`Nova palavra passe`}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errorFor('password')}
      />
      <Field
        label={t`Confirmar nova palavra passe`}
        name="passwordConfirmacao"
        type="password"
        autoComplete="new-password"
        value={passwordConfirmacao}
        onChange={(event) => setPasswordConfirmacao(event.target.value)}
        error={errorFor('passwordConfirmacao')}
      />
      {errorFor('form') && (
        <p className="form-error" role="alert">
          {errorFor('form')}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={pending}>
        <Trans>Guardar nova palavra passe</Trans>
      </button>
    </form>
  );
}
