import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';
import { SlipPanel } from './SlipPanel.tsx';

/** On phones the slip builder opens from the bottom menu in a bottom drawer (SPEC §2). */
export function SlipDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div className="drawer-layer bottom" role="presentation" onClick={onClose}>
      <div className="drawer drawer-bottom" role="dialog" aria-modal="true" aria-label={t`Ficha`} onClick={(event) => event.stopPropagation()}>
        <div className="drawer-head">
          <span />
          <button type="button" className="icon-button" onClick={onClose} aria-label={t`Fechar`}>
            <Icon name="close" />
          </button>
        </div>
        <SlipPanel variant="drawer" />
      </div>
    </div>
  );
}
