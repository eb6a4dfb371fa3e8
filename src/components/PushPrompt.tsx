import { useAtomValue, useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { dismissPushPromptAtom, enablePushAtom, showPushPromptAtom } from '../state/push.ts';

/** A quiet card offering notifications; the browser's permission prompt only follows a tap. */
export function PushPrompt() {
  const show = useAtomValue(showPushPromptAtom);
  const enable = useSetAtom(enablePushAtom);
  const dismiss = useSetAtom(dismissPushPromptAtom);
  if (!show) return null;
  return (
    <div className="push-prompt notice" role="region">
      <span>
        <Trans>Recebe avisos das tuas fichas e mensagens, mesmo com a aplicação fechada.</Trans>
      </span>
      <div className="row">
        <button type="button" className="button button-small" onClick={() => void enable()}>
          <Trans>Activar</Trans>
        </button>
        <button type="button" className="button button-small button-secondary" onClick={dismiss}>
          <Trans>Agora não</Trans>
        </button>
      </div>
    </div>
  );
}
