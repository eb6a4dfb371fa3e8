import { useLingui } from '@lingui/react/macro';
import { SlipPanel } from './SlipPanel.tsx';
import { useDrawer } from './use-drawer.ts';

/** On phones the slip builder opens from the bottom menu in a bottom drawer (SPEC §2); Escape closes it. */
export function SlipDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const ref = useDrawer(true, onClose);
  return (
    <div className="drawer-layer bottom" role="presentation" onClick={onClose}>
      <div
        ref={(node) => {
          ref.current = node;
        }}
        className="drawer drawer-bottom"
        role="dialog"
        aria-modal="true"
        aria-label={t`Ficha`}
        onClick={(event) => event.stopPropagation()}
      >
        <SlipPanel variant="drawer" onClose={onClose} />
      </div>
    </div>
  );
}
