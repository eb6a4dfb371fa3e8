import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { sessionUserAtom } from '../state/session.ts';
import { Header } from '../components/shell/Header.tsx';
import { SideMenu } from '../components/shell/SideMenu.tsx';
import { BottomMenu } from '../components/shell/BottomMenu.tsx';
import { MenuDrawer } from '../components/shell/MenuDrawer.tsx';
import { SlipPanel } from '../components/shell/SlipPanel.tsx';
import { SlipDrawer } from '../components/shell/SlipDrawer.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { PushPrompt } from '../components/PushPrompt.tsx';
import { isChatRoute } from '../components/shell/menu-items.ts';
import { SubscriptionNoticeDialog } from '../components/licence/SubscriptionNoticeDialog.tsx';
import { AttentionToasts } from '../components/chat/AttentionToasts.tsx';
import '../components/shell/shell.css';

/** SPEC §2 Layout and shell: header, left menu, centre, right panel; bottom menu at 850 px or less. */
export function Shell({ children }: { children: ReactNode }) {
  const user = useAtomValue(sessionUserAtom);
  const [path] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The slip drawer belongs to the page it was opened on: navigating (e.g. to a new slip) closes it.
  const [slipOpenAt, setSlipOpenAt] = useState<string | null>(null);
  const slipOpen = slipOpenAt === path;
  const showBottom = user !== null && !isChatRoute(path);
  return (
    <div className={`shell ${user ? 'signed-in' : 'signed-out'} ${showBottom ? 'with-bottom' : ''}`}>
      <Header user={user} onOpenMenu={() => setDrawerOpen(true)} />
      <OfflineBanner />
      <div className="shell-body">
        {user && <SideMenu user={user} />}
        <main className="shell-centre" id="main">
          {user && !isChatRoute(path) && <PushPrompt />}
          {children}
        </main>
        {user && <SlipPanel />}
      </div>
      {showBottom && <BottomMenu user={user} onOpenSlip={() => setSlipOpenAt(path)} />}
      {slipOpen && <SlipDrawer onClose={() => setSlipOpenAt(null)} />}
      <MenuDrawer open={drawerOpen} user={user} onClose={() => setDrawerOpen(false)} />
      {user && <SubscriptionNoticeDialog />}
      {user && <AttentionToasts userId={user.id} />}
    </div>
  );
}
