import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { dismissPushPromptAtom, enablePushAtom, pushStateAtom, showPushPromptAtom } from '../state/push.ts';
import { onlineAtom } from '../state/network.ts';
import { Icon } from './Icon.tsx';
import './push-prompt.css';

/**
 * A one-line offer of notifications (one line on a 360 px phone, DESIGN §11); the browser's permission prompt only
 * follows a tap. Hidden offline, where turning them on cannot work. If the browser then blocks them, it says where
 * to allow them.
 */
export function PushPrompt() {
  const show = useAtomValue(showPushPromptAtom);
  const state = useAtomValue(pushStateAtom);
  const online = useAtomValue(onlineAtom);
  const enable = useSetAtom(enablePushAtom);
  const dismiss = useSetAtom(dismissPushPromptAtom);
  const [asked, setAsked] = useState(false);
  const [closed, setClosed] = useState(false);
  const { t } = useLingui();
  if (asked && state === 'denied' && !closed) {
    return (
      <div className="push-prompt notice" role="status">
        <Icon name="notifications" size={18} />
        <span className="push-prompt-text push-prompt-denied">
          <Trans>Notificações bloqueadas: permite-as no cadeado ao lado do endereço.</Trans>
        </span>
        <button type="button" className="icon-button push-prompt-close" onClick={() => setClosed(true)} aria-label={t`Fechar`}>
          <Icon name="close" size={18} />
        </button>
      </div>
    );
  }
  if (!show || !online) return null;
  return (
    <div className="push-prompt notice" role="region" aria-label={t`Notificações`}>
      <span className="push-prompt-text">
        <Trans>Avisos das tuas fichas</Trans>
      </span>
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          setAsked(true);
          void enable();
        }}
      >
        <Trans>Activar</Trans>
      </button>
      <button type="button" className="icon-button push-prompt-close" onClick={dismiss} aria-label={t`Agora não`}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
