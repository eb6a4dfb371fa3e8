import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A drawer over the page (the header's menu, the phone's slip builder): a dialog on a layer that closes it when
 * tapped, Escape closes it, focus moves into it as it opens (its first control) and goes back to what had it when it
 * closes. Mounted only while open.
 */
export function Drawer({ label, onClose, bottom = false, children }: { label: string; onClose: () => void; bottom?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    addEventListener('keydown', onKey);
    return () => {
      removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, []);
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
