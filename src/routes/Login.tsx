import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Redirect, useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { sessionStatusAtom } from '../state/session.ts';
import { safeCallbackUrl } from '../lib/safe-callback-url.ts';
import { Logo } from '../components/Logo.tsx';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { LoginForm } from '../components/auth/LoginForm.tsx';
import { SignUpForm } from '../components/auth/SignUpForm.tsx';
import { ForgotForm } from '../components/auth/ForgotForm.tsx';
import { GoogleSignIn } from '../components/auth/GoogleSignIn.tsx';
import { ResetPasswordForm } from '../components/auth/ResetPasswordForm.tsx';
import { translateServerMessage } from '../i18n/server-message.ts';
import { MSG } from '../../contract/messages.ts';
import { Tabs, tabId } from '../components/Tabs.tsx';

type Tab = 'login' | 'signUp' | 'forgot';
const TABS: readonly Tab[] = ['login', 'signUp', 'forgot'];

/** The sign-in page's `error` values the server sends a browser here with, and what they tell the user. */
const ERROR_NOTICES: Record<string, string> = {
  SessionRequired: MSG.unauthenticated,
  OAuthAccountNotLinked: MSG.googleLinkRefused,
  Verification: MSG.emailLinkInvalid,
};

function initialTab(params: URLSearchParams): Tab {
  const tab = params.get('tab');
  if (tab === 'signUp' || tab === 'forgot') return tab;
  return params.get('referrer') ? 'signUp' : 'login';
}

/** SPEC §2 Auth screen: shown only without a session; with one a loader shows while the user moves on. */
export default function Login() {
  const status = useAtomValue(sessionStatusAtom);
  const params = new URLSearchParams(useSearch());
  const [tab, setTab] = useState<Tab>(() => initialTab(params));
  const { t } = useLingui();
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'));
  const referrer = params.get('referrer');
  const [resetToken, setResetToken] = useState(() => params.get('redefinir'));
  const [resetNotice, setResetNotice] = useState<string | null>(null);
  const errorNotice = ERROR_NOTICES[params.get('error') ?? ''];
  if (resetToken) {
    // A reset link is for whoever holds it, signed in or not: it ends every session anyway.
    const done = (notice: string) => {
      history.replaceState(history.state, '', '/login');
      setResetNotice(notice);
      setResetToken(null);
      setTab('login');
    };
    return (
      <div className="auth-page">
        <div className="auth-card">
          <div className="auth-logo">
            <Logo size={40} />
          </div>
          <ResetPasswordForm token={resetToken} onDone={done} />
        </div>
      </div>
    );
  }
  if (status === 'authenticated') return <Redirect to={callbackUrl} replace />;
  if (status === 'loading') return <FullScreenSpinner />;
  const labels: Record<Tab, string> = { login: t`Entrar`, signUp: t`Criar conta`, forgot: t`Alterar palavra passe` };
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-logo">
          <Logo size={40} />
        </div>
        {resetNotice && (
          <p className="notice" role="status" data-testid="reset-done">
            {resetNotice}
          </p>
        )}
        {errorNotice && !resetNotice && (
          <p className="notice" role="status">
            {translateServerMessage(errorNotice)}
          </p>
        )}
        <Tabs label={t`Conta`} tabs={TABS} labels={labels} selected={tab} onSelect={setTab} idBase="account" panelOf={(value) => `account-panel-${value}`} />
        <div role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={tabId('account', tab)}>
          {tab === 'login' && <LoginForm callbackUrl={callbackUrl} />}
          {tab === 'signUp' && <SignUpForm callbackUrl={callbackUrl} referrer={referrer} />}
          {tab === 'forgot' && <ForgotForm />}
        </div>
        {tab !== 'forgot' && <GoogleSignIn callbackUrl={callbackUrl} />}
      </div>
    </div>
  );
}
