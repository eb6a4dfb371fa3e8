import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { onlineAtom } from '../state/network.ts';
import { Icon } from './Icon.tsx';

export function OfflineBanner() {
  const online = useAtomValue(onlineAtom);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <Icon name="offline" size={18} />
      <span>
        <Trans>Sem ligação. Estás a ver o que este telemóvel guardou.</Trans>
      </span>
    </div>
  );
}
