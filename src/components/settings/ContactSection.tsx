import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyProfileUser } from '../../../contract/schemas/profile.ts';
import type { ContactDetails } from '../../../contract/schemas/settings.ts';
import { PHONE_DIGITS } from '../../../contract/limits.ts';
import { normalizePhone } from '../../../contract/normalize.ts';
import { MSG } from '../../../contract/messages.ts';
import {
  loadContactDetailsAtom,
  pendingAccountChangesAtom,
  sendEmailConfirmationAtom,
  sendPhoneCodeAtom,
  updateAccountAtom,
  verifyPhoneAtom,
  type AccountCallResult,
} from '../../state/account.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Field } from '../auth/Field.tsx';

/** The e-mail's confirmed state (asked of the server when online) and the link sent again. */
function EmailDetails({ email }: { email: string }) {
  const load = useSetAtom(loadContactDetailsAtom);
  const resend = useSetAtom(sendEmailConfirmationAtom);
  const showToast = useSetAtom(showToastAtom);
  const online = useAtomValue(onlineAtom);
  const [details, setDetails] = useState<ContactDetails | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    let current = true;
    if (online) {
      void load().then((loaded) => {
        if (current) setDetails(loaded);
      });
    }
    return () => {
      current = false;
    };
  }, [load, online]);
  const verified = details?.email.verificado;
  const send = async () => {
    setPending(true);
    const result = await resend();
    setPending(false);
    showToast({ kind: result.ok ? 'success' : 'error', text: translateServerMessage(result.message) });
  };
  return (
    <div className="settings-row">
      <div>
        <p className="settings-label">
          <Trans>E-mail</Trans>
        </p>
        <p className="settings-value">{email}</p>
        {verified === true && (
          <p className="settings-state ok" data-testid="email-state">
            <Trans>Confirmado</Trans>
          </p>
        )}
        {verified === false && (
          <p className="settings-state" data-testid="email-state">
            <Trans>Por confirmar</Trans>
          </p>
        )}
      </div>
      {verified === false && (
        <button type="button" className="button button-secondary button-small" disabled={pending || !online} onClick={() => void send()}>
          <Trans>Enviar de novo a ligação de confirmação</Trans>
        </button>
      )}
    </div>
  );
}

/** The phone (9 digits) saved through the outbox, then verified with the code sent to it. */
function PhoneDetails({ account }: { account: MyProfileUser }) {
  const { t } = useLingui();
  const update = useSetAtom(updateAccountAtom);
  const requestCode = useSetAtom(sendPhoneCodeAtom);
  const verify = useSetAtom(verifyPhoneAtom);
  const showToast = useSetAtom(showToastAtom);
  const online = useAtomValue(onlineAtom);
  const waiting = useAtomValue(pendingAccountChangesAtom).some((change) => change.sync !== 'rejected');
  const [numero, setNumero] = useState(account.numeroTelemovel ?? '');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [error, setError] = useState<{ field: 'numeroTelemovel' | 'codigo'; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const phone = normalizePhone(numero);
    if (phone.length !== 0 && phone.length !== PHONE_DIGITS) {
      return setError({ field: 'numeroTelemovel', message: translateServerMessage(MSG.phoneInvalid) });
    }
    setError(null);
    if (phone === (account.numeroTelemovel ?? '')) return;
    const result = await update({ numeroTelemovel: phone });
    // Shown once, under the field it is about (components/form-error.ts).
    if (!result.ok) return setError({ field: 'numeroTelemovel', message: translateServerMessage(result.message) });
    setCodeSent(false);
  };

  const run = async (call: () => Promise<AccountCallResult>, field: 'numeroTelemovel' | 'codigo') => {
    setPending(true);
    const result = await call();
    setPending(false);
    const message = translateServerMessage(result.message);
    if (!result.ok) {
      setError({ field, message });
      return false;
    }
    setError(null);
    showToast({ kind: 'success', text: message });
    return true;
  };

  const sendCode = async () => {
    if (await run(() => requestCode(), 'numeroTelemovel')) setCodeSent(true);
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError({ field: 'codigo', message: translateServerMessage(MSG.verifyTokenRequired) });
    if (await run(() => verify(code.trim()), 'codigo')) {
      setCode('');
      setCodeSent(false);
    }
  };

  const canVerify = account.numeroTelemovel !== null && !account.telefoneVerificado && !waiting;
  return (
    <div className="settings-phone">
      <form className="form" onSubmit={(event) => void save(event)} noValidate>
        <Field
          label={t`Número de telemóvel`}
          name="numeroTelemovel"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={numero}
          onChange={(event) => setNumero(event.target.value)}
          error={error?.field === 'numeroTelemovel' ? error.message : null}
          hint={
            account.numeroTelemovel === null ? null : account.telefoneVerificado ? (
              <span data-testid="phone-state">
                <Trans>Verificado</Trans>
              </span>
            ) : (
              <span data-testid="phone-state">
                <Trans>Por verificar</Trans>
              </span>
            )
          }
        />
        <button type="submit" className="button button-secondary">
          <Trans>Guardar número</Trans>
        </button>
      </form>
      {canVerify && (
        <button type="button" className="button button-secondary" disabled={pending || !online} onClick={() => void sendCode()}>
          <Trans>Enviar código de verificação</Trans>
        </button>
      )}
      {canVerify && codeSent && (
        <form className="form" onSubmit={(event) => void check(event)} noValidate>
          <Field
            label={t`Código de verificação`}
            name="codigo"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error?.field === 'codigo' ? error.message : null}
          />
          <button type="submit" className="button" disabled={pending || !online}>
            <Trans>Verificar número</Trans>
          </button>
        </form>
      )}
    </div>
  );
}

export function ContactSection({ account }: { account: MyProfileUser }) {
  return (
    <section className="settings-section" aria-labelledby="settings-contact">
      <h2 className="section-title" id="settings-contact">
        <Trans>Contactos</Trans>
      </h2>
      <EmailDetails email={account.email} />
      <PhoneDetails account={account} />
    </section>
  );
}
