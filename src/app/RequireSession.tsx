import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Redirect } from 'wouter';
import { sessionStatusAtom } from '../state/session.ts';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';

/** SPEC §2: a signed-out visit goes to sign-in with error=SessionRequired and a callbackUrl. */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'unauthenticated') {
    const callbackUrl = location.pathname + location.search;
    return <Redirect to={`/login?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackUrl)}`} replace />;
  }
  return <>{children}</>;
}
