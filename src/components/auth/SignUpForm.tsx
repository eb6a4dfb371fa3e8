import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormError as FormErrorOf } from '../form-error.ts';
import { useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { FileButton } from '../FileButton.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { SIGN_UP_FIELDS, validateSignUp, type SignUpField, type SignUpInput } from '../../../contract/validation/auth.ts';
import { IMAGE_MAX_BYTES } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { signUpAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { brand } from '../../i18n/brand.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { fileToDataUrl } from '../../lib/file-to-data-url.ts';
import { Field } from './Field.tsx';
import { AvailabilityHint } from './AvailabilityHint.tsx';
import { useAvailability, useTakenCheck } from './use-availability.ts';
import { useFieldErrors } from '../use-field-errors.ts';

type Values = Omit<SignUpInput, 'fotografia' | 'referrer'>;
type FormError = FormErrorOf<SignUpField>;

const EMPTY: Values = { nome: '', nomeUsuario: '', email: '', numeroTelemovel: '', password: '', passwordConfirmacao: '' };

/** The server's field errors (or its one message) as the form shows them, in the form's order. */
function refusalErrors(result: { message: string; fields?: Record<string, string> }): FormError[] {
  const fields = result.fields ?? {};
  const errors = SIGN_UP_FIELDS.flatMap((field) => (fields[field] ? [{ field, message: translateServerMessage(fields[field]) }] : []));
  return errors.length > 0 ? errors : [{ field: 'form', message: translateServerMessage(result.message) }];
}

export function SignUpForm({ callbackUrl, referrer }: { callbackUrl: string; referrer: string | null }) {
  const { t } = useLingui();
  const signUp = useSetAtom(signUpAtom);
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [photo, setPhoto] = useState<string | null>(null);
  const { formRef, show, clear, setField, errorFor } = useFieldErrors<SignUpField>();
  const [pending, setPending] = useState(false);
  // Asking whether the name and e-mail are taken, for a form its own rules refused: nothing is being created.
  const [checking, setChecking] = useState(false);
  const usernameState = useAvailability('nomeUsuario', values.nomeUsuario);
  const emailState = useAvailability('email', values.email);
  const isTaken = useTakenCheck();

  const update = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const pickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return setPhoto(null);
    if (file.size > IMAGE_MAX_BYTES) {
      setPhoto(null);
      setField('fotografia', translateServerMessage(MSG.photoTooLarge));
      return;
    }
    setField('fotografia', null);
    setPhoto(await fileToDataUrl(file));
  };

  // Every field's error at once, each under its field, shown once on the form (components/form-error.ts).
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || checking) return;
    const checked = validateSignUp({ ...values, fotografia: photo, referrer }, { requirePhone: brand.asksPhone });
    if (!checked.ok) {
      const broken = (field: SignUpField) => checked.errors.some((error) => error.field === field);
      setChecking(true);
      const [nameTaken, emailTaken] = await Promise.all([
        !broken('nomeUsuario') && isTaken('nomeUsuario', values.nomeUsuario, usernameState),
        !broken('email') && isTaken('email', values.email, emailState),
      ]);
      setChecking(false);
      const errors = [
        ...checked.errors,
        ...(nameTaken ? [{ field: 'nomeUsuario' as const, message: MSG.usernameTaken }] : []),
        ...(emailTaken ? [{ field: 'email' as const, message: MSG.emailTaken }] : []),
      ];
      const fields = Object.fromEntries(errors.map((error) => [error.field, error.message]));
      return show(refusalErrors({ message: checked.message, fields }));
    }
    if (!navigator.onLine) return show([{ field: 'form', message: translateServerMessage(MSG.network) }]);
    const value = checked.value;
    setPending(true);
    clear();
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
    if ('created' in result && result.created) showToast({ kind: 'success', text: t`Conta criada com sucesso` });
    if (!result.ok) return show(refusalErrors(result));
    navigate(callbackUrl, { replace: true });
  };

  return (
    <form ref={formRef} className="form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field photo-field">
        <label htmlFor="field-fotografia">
          <Trans>Fotografia (opcional)</Trans>
        </label>
        <div className="photo-row">
          {photo ? <img src={photo} alt="" className="avatar-preview" /> : <span className="avatar-preview empty" />}
          <FileButton
            id="field-fotografia"
            name="fotografia"
            accept="image/png,image/jpeg,image/webp"
            aria-invalid={errorFor('fotografia') ? true : undefined}
            aria-describedby={errorFor('fotografia') ? 'fotografia-error' : undefined}
            onChange={(event) => void pickPhoto(event)}
          >
            {photo ? <Trans>Mudar fotografia</Trans> : <Trans>Escolher fotografia</Trans>}
          </FileButton>
        </div>
        {errorFor('fotografia') && (
          <span className="field-error" id="fotografia-error" role="alert">
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
      {errorFor('form') && (
        <p className="form-error" role="alert">
          {errorFor('form')}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={pending || checking}>
        {pending ? <Trans>A criar conta...</Trans> : <Trans>Criar conta</Trans>}
      </button>
    </form>
  );
}
