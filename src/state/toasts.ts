import { atom } from 'jotai';
import { TOAST_MS } from '../../contract/limits.ts';

export type ToastKind = 'success' | 'error' | 'info' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: { label: string; href: string };
  /** The whole text opens this screen (e.g. a new message opens its chat); `onOpen` runs as it is clicked. */
  open?: { href: string; onOpen?: () => void };
  /** A second line (e.g. a new message's preview). */
  detail?: string;
}

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const dismissToastAtom = atom(null, (_get, set, id: number) => {
  clearTimeout(timers.get(id));
  timers.delete(id);
  set(toastsAtom, (list) => list.filter((toast) => toast.id !== id));
});

/** Shows a toast for 7.5 s (SPEC §9); loading toasts stay until replaced or dismissed by their owner. */
export const showToastAtom = atom(null, (_get, set, toast: Omit<Toast, 'id'> & { replaces?: number }) => {
  const id = nextId++;
  if (toast.replaces !== undefined) set(dismissToastAtom, toast.replaces);
  const { replaces: _replaced, ...rest } = toast;
  set(toastsAtom, (list) => [...list, { ...rest, id }]);
  if (toast.kind !== 'loading') {
    timers.set(
      id,
      setTimeout(() => set(dismissToastAtom, id), TOAST_MS),
    );
  }
  return id;
});
