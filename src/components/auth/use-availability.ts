import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { checkAvailabilityAtom } from '../../state/session.ts';
import { AVAILABILITY_MIN, DEBOUNCE_MS } from '../../../contract/limits.ts';
import { normalizeEmail, normalizeUsername } from '../../../contract/normalize.ts';

export type AvailabilityState = 'loading' | 'available' | 'unavailable' | null;

/** SPEC §5: username from 3 characters, e-mail from 3 characters containing @, checked live after 500 ms. */
export function useAvailability(kind: 'nomeUsuario' | 'email', raw: string): AvailabilityState {
  const check = useSetAtom(checkAvailabilityAtom);
  const value = kind === 'email' ? normalizeEmail(raw) : normalizeUsername(raw);
  const eligible = value.length >= AVAILABILITY_MIN && (kind !== 'email' || value.includes('@'));
  const [state, setState] = useState<{ value: string; result: AvailabilityState }>({ value: '', result: null });

  useEffect(() => {
    if (!eligible) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      setState({ value, result: 'loading' });
      void check({ kind, value }).then((answer) => {
        if (cancelled) return;
        setState({ value, result: answer === 'unknown' ? null : answer });
      });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [check, eligible, kind, value]);

  if (!eligible) return null;
  return state.value === value ? state.result : 'loading';
}

/**
 * On a submit the form's own rules refuse: whether the name and the e-mail are taken, so those errors show with the
 * others. The live check's answer when it has one for the value, else the server is asked now (offline: not known).
 */
export function useTakenCheck() {
  const check = useSetAtom(checkAvailabilityAtom);
  return async (kind: 'nomeUsuario' | 'email', raw: string, known: AvailabilityState): Promise<boolean> => {
    if (known === 'available' || known === 'unavailable') return known === 'unavailable';
    const value = kind === 'email' ? normalizeEmail(raw) : normalizeUsername(raw);
    if (value.length < AVAILABILITY_MIN || (kind === 'email' && !value.includes('@')) || !navigator.onLine) return false;
    return (await check({ kind, value })) === 'unavailable';
  };
}
