import { useLingui } from '@lingui/react/macro';
import { Drawer } from './Drawer.tsx';
import { SlipPanel } from './SlipPanel.tsx';

/** On phones the slip builder opens from the bottom menu in a bottom drawer (SPEC §2); Escape closes it. */
export function SlipDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Drawer label={t`Ficha`} onClose={onClose} bottom>
      <SlipPanel variant="drawer" onClose={onClose} />
    </Drawer>
  );
}
