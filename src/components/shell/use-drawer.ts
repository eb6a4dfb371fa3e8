import { useEffect, useRef, type RefObject } from 'react';

/**
 * A drawer's keyboard manners: Escape closes it, focus moves into it as it opens (its first control) and goes back
 * to what had it when it closes.
 */
export function useDrawer(open: boolean, onClose: () => void): RefObject<HTMLElement | null> {
  const ref = useRef<HTMLElement | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
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
  }, [open]);
  return ref;
}
