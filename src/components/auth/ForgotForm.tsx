import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { validateForgot } from '../../../contract/validation/auth.ts';
import { MSG } from '../../../contract/messages.ts';
import { requestRecoveryAtom } from '../../state/session.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Field } from './Field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function ForgotForm() {
  const { t } = useLingui();
  const request = useSetAtom(requestRecoveryAtom);
  const [identifier, setIdentifier] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const { formRef, errorFor, pending, onSubmit } = useAuthForm({
    validate: () => validateForgot(identifier),
    send: (value) => {
      setNotice(null);
      return request(value);
    },
    done: (result) => setNotice(translateServerMessage(result.notice ?? MSG.recoverySent)),
  });

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
      <Field
        label={t`E-mail ou nome de usuario`}
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={errorFor('identifier') ?? errorFor('form')}
      />
      {notice && !errorFor('identifier') && !errorFor('form') && (
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
