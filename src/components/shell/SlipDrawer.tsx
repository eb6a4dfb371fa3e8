import { useLingui } from '@lingui/react/macro';
import { SlipPanel } from './SlipPanel.tsx';

/** On phones the slip builder opens from the bottom menu in a bottom drawer (SPEC §2). */
export function SlipDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div className="drawer-layer bottom" role="presentation" onClick={onClose}>
      <div className="drawer drawer-bottom" role="dialog" aria-modal="true" aria-label={t`Ficha`} onClick={(event) => event.stopPropagation()}>
        <SlipPanel variant="drawer" onClose={onClose} />
      </div>
    </div>
  );
}
