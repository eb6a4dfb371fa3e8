import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { validatePasswordChange, type PasswordChangeInput } from '../../../contract/validation/social.ts';
import { MSG } from '../../../contract/messages.ts';
import { changePasswordAtom } from '../../state/account.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Field } from '../auth/Field.tsx';
import { passwordRuleMessage } from '../auth/password-rule-message.ts';

type FieldName = keyof PasswordChangeInput | 'form';

const EMPTY: PasswordChangeInput = { passwordActual: '', password: '', passwordConfirmacao: '' };

/** Which field a refusal of the server belongs under. */
function fieldOf(message: string): FieldName {
  if (message === MSG.passwordCurrentWrong) return 'passwordActual';
  if (message === MSG.passwordMismatch) return 'passwordConfirmacao';
  return 'form';
}

/**
 * Changing the password needs the server now (it ends every other session and renews this one's cookie), so it is
 * never queued: offline the form says so.
 */
export function PasswordSection() {
  const { t } = useLingui();
  const change = useSetAtom(changePasswordAtom);
  const showToast = useSetAtom(showToastAtom);
  const online = useAtomValue(onlineAtom);
  const [values, setValues] = useState<PasswordChangeInput>(EMPTY);
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  const errorFor = (field: FieldName) => (error?.field === field ? error.message : null);
  const set = (field: keyof PasswordChangeInput) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePasswordChange(values);
    if (!checked.ok) return setError({ field: checked.field, message: translateServerMessage(passwordRuleMessage(checked.field, checked.message)) });
    setPending(true);
    const result = await change(checked.value);
    setPending(false);
    const message = translateServerMessage(result.message);
    if (!result.ok) {
      // Shown once, on the form (components/form-error.ts).
      return setError({ field: fieldOf(result.message), message });
    }
    setError(null);
    setValues(EMPTY);
    showToast({ kind: 'success', text: message });
  };

  return (
    <section className="settings-section" aria-labelledby="settings-password">
      <h2 className="section-title" id="settings-password">
        <Trans>Palavra passe</Trans>
      </h2>
      <p className="muted">
        <Trans>Ao alterar a palavra passe, terminas a sessão em todos os outros dispositivos.</Trans>
      </p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t`Palavra passe actual`}
          name="passwordActual"
          type="password"
          autoComplete="current-password"
          value={values.passwordActual}
          onChange={set('passwordActual')}
          error={errorFor('passwordActual')}
        />
        <Field
          label={t`Nova palavra passe`}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errorFor('password')}
        />
        <Field
          label={t`Confirmar nova palavra passe`}
          name="passwordConfirmacao"
          type="password"
          autoComplete="new-password"
          value={values.passwordConfirmacao}
          onChange={set('passwordConfirmacao')}
          error={errorFor('passwordConfirmacao')}
        />
        {errorFor('form') && (
          <p className="form-error" role="alert">
            {errorFor('form')}
          </p>
        )}
        {!online && (
          <p className="notice" role="status">
            <Trans>Precisas de rede para alterar a palavra passe.</Trans>
          </p>
        )}
        <button type="submit" className="button" disabled={pending || !online}>
          <Trans>Alterar palavra passe</Trans>
        </button>
      </form>
    </section>
  );
}
