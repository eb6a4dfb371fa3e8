import { useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '../i18n/setup.ts';
import { appUpdate } from '../app/register-sw.ts';
import { Icon } from './Icon.tsx';
import './update-prompt.css';

/** 'Nova versão disponível' with Actualizar: the waiting version takes over and every open tab reloads into it. */
export function UpdatePrompt() {
  const ready = useSyncExternalStore(appUpdate.subscribe, appUpdate.ready);
  const [hidden, setHidden] = useState(false);
  const [updating, setUpdating] = useState(false);
  const { t } = useLingui();
  if (!ready || hidden) return null;
  return (
    <div className="update-prompt" role="status">
      <span className="update-prompt-text">
        <Trans>Nova versão disponível</Trans>
      </span>
      <button
        type="button"
        className="button button-small"
        disabled={updating}
        onClick={() => {
          setUpdating(true);
          appUpdate.accept();
        }}
      >
        <Trans>Actualizar</Trans>
      </button>
      <button type="button" className="icon-button update-prompt-close" onClick={() => setHidden(true)} aria-label={t`Fechar`}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}

/** The prompt has a root of its own, loaded only once a new version waits, so it shows over every screen. */
export function mountUpdatePrompt(): void {
  const host = document.createElement('div');
  host.className = 'update-prompt-host';
  document.body.append(host);
  createRoot(host).render(
    <I18nProvider i18n={i18n}>
      <UpdatePrompt />
    </I18nProvider>,
  );
}
