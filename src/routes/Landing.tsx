import { useAtomValue } from 'jotai';
import { Redirect } from 'wouter';
import { sessionStatusAtom } from '../state/session.ts';
import { LandingPage } from '../components/LandingPage.tsx';

/**
 * SPEC §2: the landing page has no app shell; a signed-in visitor goes on to Explore. While the session is not known
 * yet (a first visit, asking the server) the page shows: it never waits for the network.
 */
export default function Landing() {
  const status = useAtomValue(sessionStatusAtom);
  if (status === 'authenticated') return <Redirect to="/explorar" replace />;
  return <LandingPage />;
}
