import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Room } from '../../../contract/schemas/rooms.ts';
import { Icon } from '../Icon.tsx';
import { Tabs, tabId } from '../Tabs.tsx';
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
  // A modal dialog keeps Tab and Shift+Tab inside it.
  const keepFocusInside = (event: globalThis.KeyboardEvent) => {
    const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), textarea, select, [tabindex="0"]') ?? [])].filter(
      (element) => !element.closest('[hidden]'),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const inside = dialog.current?.contains(document.activeElement);
    if (event.shiftKey && (document.activeElement === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
  const labels: Record<RoomTab, string> = { evento: t`Evento`, ficha: t`Ficha` };

  // On opening, the selected tab takes the focus (the arrow keys move it after).
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab') keepFocusInside(event);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [onClose]);


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
