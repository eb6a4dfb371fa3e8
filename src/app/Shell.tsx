import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { sessionUserAtom } from '../state/session.ts';
import { subscriptionNoticeAtom } from '../state/licence.ts';
import { Header } from '../components/shell/Header.tsx';
import { SideMenu } from '../components/shell/SideMenu.tsx';
import { BottomMenu } from '../components/shell/BottomMenu.tsx';
import { MenuDrawer } from '../components/shell/MenuDrawer.tsx';
import { preloadSlipBuilder, SlipPanel } from '../components/shell/SlipPanel.tsx';
import { SlipDrawer } from '../components/shell/SlipDrawer.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { isChatRoute } from '../components/shell/menu-items.ts';
import { useWideScreen } from '../components/shell/use-wide-screen.ts';
import { firstScreen } from './first-screen.ts';
import { OptionalPart } from './OptionalPart.tsx';
import { withLaterCatalog } from '../i18n/later-catalog.ts';
import '../components/shell/shell.css';

// What the first screen does not need comes after it (DESIGN §10): the push banner and the chat attention toasts are
// chunks of their own, loaded once the first screen is on screen; the subscription notice's dialog when a notice comes
// (the shell listens for one from the start, SubscriptionNoticeHost).
const PushPrompt = lazy(() => import('../components/PushPrompt.tsx').then((module) => ({ default: module.PushPrompt })));
// The last two word their texts in the later catalog.
const SubscriptionNoticeDialog = lazy(() =>
  withLaterCatalog(() => import('../components/licence/SubscriptionNoticeDialog.tsx'))().then((module) => ({ default: module.SubscriptionNoticeDialog })),
);
const AttentionToasts = lazy(() =>
  withLaterCatalog(() => import('../components/chat/AttentionToasts.tsx'))().then((module) => ({ default: module.AttentionToasts })),
);

/** Whether the app's first screen has been shown (app/first-screen.ts). */
function useFirstScreenShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void firstScreen.then(() => mounted && setShown(true));
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}

/**
 * Listens for the subscription notice from the start (state/licence.ts: an answer with `tipo` and `message`), so one
 * that comes before the first screen is up is not lost, and loads its dialog only when there is one to show.
 */
function SubscriptionNoticeHost() {
  const notice = useAtomValue(subscriptionNoticeAtom);
  if (!notice) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <SubscriptionNoticeDialog />
      </Suspense>
    </OptionalPart>
  );
}

/** SPEC §2 Layout and shell: header, left menu, centre, right panel; bottom menu at 850 px or less. */
export function Shell({ children }: { children: ReactNode }) {
  const user = useAtomValue(sessionUserAtom);
  const [path] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The slip drawer belongs to the page it was opened on: navigating (e.g. to a new slip) closes it.
  const [slipOpenAt, setSlipOpenAt] = useState<string | null>(null);
  const slipOpen = slipOpenAt === path;
  const showBottom = user !== null && !isChatRoute(path);
  const wide = useWideScreen();
  const later = useFirstScreenShown();
  useEffect(() => {
    if (user && later && !wide) preloadSlipBuilder();
  }, [user, later, wide]);
  return (
    <div className={`shell ${user ? 'signed-in' : 'signed-out'} ${showBottom ? 'with-bottom' : ''}`}>
      <Header user={user} onOpenMenu={() => setDrawerOpen(true)} />
      <OfflineBanner />
      <div className="shell-body">
        {user && <SideMenu user={user} />}
        <main className="shell-centre" id="main">
          {user && later && !isChatRoute(path) && (
            <OptionalPart>
              <Suspense fallback={null}>
                <PushPrompt />
              </Suspense>
            </OptionalPart>
          )}
          {children}
        </main>
        {user && wide && <SlipPanel />}
      </div>
      {showBottom && <BottomMenu user={user} onOpenSlip={() => setSlipOpenAt(path)} />}
      {slipOpen && <SlipDrawer onClose={() => setSlipOpenAt(null)} />}
      <MenuDrawer open={drawerOpen} user={user} onClose={() => setDrawerOpen(false)} />
      {user && <SubscriptionNoticeHost />}
      {user && later && (
        <OptionalPart>
          <Suspense fallback={null}>
            <AttentionToasts userId={user.id} />
          </Suspense>
        </OptionalPart>
      )}
    </div>
  );
}
