import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [tabindex]:not([tabindex="-1"])';

/** The modals open now, the newest last: only the one on top answers Escape and keeps Tab inside (a confirm over a drawer). */
const openModals: object[] = [];

function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
}

/** Tab and Shift+Tab go round the box's controls instead of on to the page below it. */
function keepTabInside(box: HTMLElement, event: KeyboardEvent): void {
  const inside = focusables(box);
  const first = inside[0];
  const last = inside.at(-1);
  const here = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const outside = !box.contains(here);
  if (event.shiftKey && (here === first || here === box || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (here === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * What every dialog and drawer does (WAI-ARIA dialog pattern): as it opens, focus moves into `box` (its first control,
 * the box itself with `focus: 'box'`, or the element a selector names); Tab stays inside; Escape calls `onClose`; when
 * it closes, focus goes back to what had it. Call it in the component that is mounted only while the modal is open.
 */
export function useModal(box: RefObject<HTMLElement | null>, onClose: () => void, { focus = 'first' }: { focus?: 'first' | 'box' | string } = {}): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const initial = useRef(focus);
  useEffect(() => {
    const self = {};
    openModals.push(self);
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = box.current;
    const wanted = initial.current;
    const target = !element || wanted === 'box' ? element : wanted === 'first' ? (focusables(element)[0] ?? element) : (element.querySelector<HTMLElement>(wanted) ?? element);
    target?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (openModals.at(-1) !== self || !element) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (event.key === 'Tab') keepTabInside(element, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(self), 1);
      if (before?.isConnected) before.focus();
    };
  }, [box]);
}
