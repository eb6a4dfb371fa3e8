import { lazy, Suspense, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Room } from '../../../contract/schemas/rooms.ts';
import { Icon } from '../Icon.tsx';
import { Tabs, tabId } from '../Tabs.tsx';
import { useModal } from '../use-modal.ts';
import { RoomEventPanel } from './RoomEventPanel.tsx';

// The slip builder as the right panel has it, loaded when the Ficha tab is first shown.
const SlipBuilder = lazy(() => import('../betting/SlipBuilder.tsx'));

export type RoomTab = 'evento' | 'ficha';
const TABS: RoomTab[] = ['evento', 'ficha'];

/**
 * The room drawer of SPEC §2: two tabs, Evento (the match live) and Ficha (the slip builder). A side panel over the
 * chat; Escape, the close button or a tap outside closes it.
 */
export function RoomDrawer({
  room,
  tab,
  onTab,
  onClose,
  refreshedAt,
  error,
}: {
  room: Room;
  tab: RoomTab;
  onTab: (tab: RoomTab) => void;
  onClose: () => void;
  refreshedAt: number;
  error: string | null;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLElement>(null);
  // The selected tab takes the focus as it opens (the arrow keys move it after).
  useModal(dialog, onClose, { focus: '[role="tab"][aria-selected="true"]' });
  const labels: Record<RoomTab, string> = { evento: t`Evento`, ficha: t`Ficha` };

  return (
    <div className="drawer-layer" role="presentation" onClick={onClose}>
      <aside ref={dialog} className="drawer room-drawer" role="dialog" aria-modal="true" aria-labelledby="room-drawer-title" onClick={(event) => event.stopPropagation()}>
        <div className="drawer-head">
          <h2 id="room-drawer-title" className="room-drawer-title">
            {room.nome}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t`Fechar`}>
            <Icon name="close" />
          </button>
        </div>
        <Tabs label={t`Detalhes da sala`} tabs={TABS} labels={labels} selected={tab} onSelect={onTab} idBase="room" panelOf={(value) => `room-panel-${value}`} />
        {TABS.map((value) => (
          <div
            key={value}
            role="tabpanel"
            id={`room-panel-${value}`}
            aria-labelledby={tabId('room', value)}
            hidden={tab !== value}
            tabIndex={0}
            className="room-tabpanel"
          >
            {tab === value &&
              (value === 'evento' ? (
                <RoomEventPanel room={room} refreshedAt={refreshedAt} error={error} />
              ) : (
                <Suspense fallback={<span className="spinner-small" aria-label={t`A carregar`} />}>
                  <SlipBuilder />
                </Suspense>
              ))}
          </div>
        ))}
      </aside>
    </div>
  );
}
