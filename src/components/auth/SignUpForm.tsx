import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormError as FormErrorOf } from '../form-error.ts';
import { useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { validateSignUp, type SignUpField, type SignUpInput } from '../../../contract/validation/auth.ts';
import { IMAGE_MAX_BYTES } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { signUpAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { brand } from '../../i18n/brand.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { fileToDataUrl } from '../../lib/file-to-data-url.ts';
import { Field } from './Field.tsx';
import { AvailabilityHint } from './AvailabilityHint.tsx';
import { useAvailability } from './use-availability.ts';

type Values = Omit<SignUpInput, 'fotografia' | 'referrer'>;
type FormError = FormErrorOf<SignUpField>;

const EMPTY: Values = { nome: '', nomeUsuario: '', email: '', numeroTelemovel: '', password: '', passwordConfirmacao: '' };

export function SignUpForm({ callbackUrl, referrer }: { callbackUrl: string; referrer: string | null }) {
  const { t } = useLingui();
  const signUp = useSetAtom(signUpAtom);
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [photo, setPhoto] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  const usernameState = useAvailability('nomeUsuario', values.nomeUsuario);
  const emailState = useAvailability('email', values.email);

  const update = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const pickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return setPhoto(null);
    if (file.size > IMAGE_MAX_BYTES) {
      setPhoto(null);
      setError({ field: 'fotografia', message: translateServerMessage(MSG.photoTooLarge) });
      return;
    }
    setError(null);
    setPhoto(await fileToDataUrl(file));
  };

  // Shown once, on the form (components/form-error.ts).
  const fail = (failure: FormError) => setError(failure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignUp({ ...values, fotografia: photo, referrer }, { requirePhone: brand.asksPhone });
    if (!checked.ok) return fail({ field: checked.field, message: translateServerMessage(checked.message) });
    if (usernameState === 'unavailable') return fail({ field: 'nomeUsuario', message: translateServerMessage(MSG.usernameTaken) });
    if (emailState === 'unavailable') return fail({ field: 'email', message: translateServerMessage(MSG.emailTaken) });
    if (!navigator.onLine) return fail({ field: 'form', message: translateServerMessage(MSG.network) });
    const value = checked.value;
    setPending(true);
    setError(null);
    const result = await signUp({
      callbackUrl,
      payload: {
        fotografia: value.fotografia ?? null,
        nome: value.nome,
        nomeUsuario: value.nomeUsuario,
        email: { email: value.email },
        ...(value.numeroTelemovel ? { numeroTelemovel: { numero: value.numeroTelemovel } } : {}),
        password: value.password,
        passwordConfirmacao: value.passwordConfirmacao,
        referrer: value.referrer ?? null,
      },
    });
    setPending(false);
    if (result.created) showToast({ kind: 'success', text: t`Conta criada com sucesso` });
    if (!result.ok) return fail({ field: 'form', message: translateServerMessage(result.message) });
    navigate(callbackUrl, { replace: true });
  };

  const errorFor = (field: SignUpField) => (error?.field === field ? error.message : null);

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field photo-field">
        <label htmlFor="field-fotografia">
          <Trans>Fotografia (opcional)</Trans>
        </label>
        <div className="photo-row">
          {photo ? <img src={photo} alt="" className="avatar-preview" /> : <span className="avatar-preview empty" />}
          <input id="field-fotografia" name="fotografia" type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => void pickPhoto(event)} />
        </div>
        {errorFor('fotografia') && (
          <span className="field-error" role="alert">
            {errorFor('fotografia')}
          </span>
        )}
      </div>
      <Field label={t`Nome completo`} name="nome" autoComplete="name" value={values.nome} onChange={update('nome')} error={errorFor('nome')} />
      <Field
        label={t`Nome de usuario`}
        name="nomeUsuario"
        autoComplete="username"
        autoCapitalize="none"
        value={values.nomeUsuario}
        onChange={update('nomeUsuario')}
        error={errorFor('nomeUsuario')}
        status={usernameState}
        hint={<AvailabilityHint state={usernameState} />}
      />
      <Field
        label={t`E-mail`}
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        value={values.email}
        onChange={update('email')}
        error={errorFor('email')}
        status={emailState}
        hint={<AvailabilityHint state={emailState} />}
      />
      {brand.asksPhone && (
        <Field
          label={t`Número de telemóvel`}
          name="numeroTelemovel"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="923000000"
          value={values.numeroTelemovel}
          onChange={update('numeroTelemovel')}
          error={errorFor('numeroTelemovel')}
        />
      )}
      <Field
        label={t`Palavra passe`}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update('password')}
        error={errorFor('password')}
      />
      <Field
        label={t`Confirmar palavra passe`}
        name="passwordConfirmacao"
        type="password"
        autoComplete="new-password"
        value={values.passwordConfirmacao}
        onChange={update('passwordConfirmacao')}
        error={errorFor('passwordConfirmacao')}
      />
      {referrer && (
        <p className="muted">
          <Trans>Convidado por @{referrer}</Trans>
        </p>
      )}
      {error?.field === 'form' && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={pending}>
        {pending ? <Trans>A criar conta...</Trans> : <Trans>Criar conta</Trans>}
      </button>
    </form>
  );
}
