import { useRef, type ReactNode } from 'react';
import { useModal } from '../use-modal.ts';

/**
 * A drawer over the page (the header's menu, the phone's slip builder): a dialog on a layer that closes it when
 * tapped, and the keys and focus of every modal here (use-modal.ts: its first control focused, Tab inside, Escape
 * closes, focus back after). Mounted only while open.
 */
export function Drawer({ label, onClose, bottom = false, children }: { label: string; onClose: () => void; bottom?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement | null>(null);
  useModal(ref, onClose);
  return (
    <div className={bottom ? 'drawer-layer bottom' : 'drawer-layer'} role="presentation" onClick={onClose}>
      <div
        ref={ref}
        className={bottom ? 'drawer drawer-bottom' : 'drawer'}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
      >
        {children}
      </div>
    </div>
  );
}
