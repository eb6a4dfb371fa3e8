import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { googleSignInAvailableAtom } from '../../state/service.ts';
import { providerSignInAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { isInAppBrowser } from '../../lib/in-app-browser.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/** Google sign-in, only when the server offers it; blocked inside in-app browsers (SPEC §2 Auth screen). */
export function GoogleSignIn({ callbackUrl }: { callbackUrl: string }) {
  const available = useAtomValue(googleSignInAvailableAtom);
  const start = useSetAtom(providerSignInAtom);
  const showToast = useSetAtom(showToastAtom);
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  if (!available) return null;

  if (isInAppBrowser(navigator.userAgent)) {
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(location.href);
        setCopied(true);
      } catch {
        setCopied(false);
      }
    };
    return (
      <div className="notice in-app-notice" role="note">
        <p>
          <Trans>
            Para entrar com o Google, abre esta página no teu navegador predefinido (Chrome, por exemplo). Copia o link e
            cola-o no navegador.
          </Trans>
        </p>
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {copied ? <Trans>Link copiado</Trans> : <Trans>Copiar link</Trans>}
        </button>
      </div>
    );
  }

  const signIn = async () => {
    const result = await start({ provider: 'google', callbackUrl });
    if ('url' in result) location.assign(result.url);
    else showToast({ kind: 'error', text: translateServerMessage(result.message) });
  };
  return (
    <div className="google-sign-in">
      <span className="divider">{t`ou`}</span>
      <button type="button" className="button button-secondary button-block" onClick={() => void signIn()}>
        <Trans>Entrar com o Google</Trans>
      </button>
    </div>
  );
}
