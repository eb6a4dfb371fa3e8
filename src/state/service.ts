import { atom } from 'jotai';
import { db } from '../db/instance.ts';
import { liveAtom, PENDING } from './live-atom.ts';

const maintenanceRecordAtom = liveAtom(() => db.kv.get('maintenance'));
const providersRecordAtom = liveAtom(() => db.kv.get('providers'));

export const maintenanceAtom = atom((get) => {
  const record = get(maintenanceRecordAtom);
  return record !== PENDING && record?.key === 'maintenance' && record.active;
});

export const googleSignInAvailableAtom = atom((get) => {
  const record = get(providersRecordAtom);
  return record !== PENDING && record?.key === 'providers' && record.ids.includes('google');
});
