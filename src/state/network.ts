import { atom } from 'jotai';

const baseOnlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

baseOnlineAtom.onMount = (set) => {
  const update = () => set(navigator.onLine);
  addEventListener('online', update);
  addEventListener('offline', update);
  return () => {
    removeEventListener('online', update);
    removeEventListener('offline', update);
  };
};

export const onlineAtom = atom((get) => get(baseOnlineAtom));
