import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { appInstall } from '../../app/install-prompt.ts';
import { Icon } from '../Icon.tsx';

/** Instalar aplicação, in the menu, where the browser offers it (app/install-prompt.ts). */
export function InstallAction({ onDone }: { onDone?: () => void }) {
  const offered = useSyncExternalStore(appInstall.subscribe, appInstall.offered);
  if (!offered) return null;
  return (
    <button
      type="button"
      className="menu-link"
      onClick={() => {
        void appInstall.install();
        onDone?.();
      }}
    >
      <Icon name="cloud" />
      <span>
        <Trans>Instalar aplicação</Trans>
      </span>
    </button>
  );
}
