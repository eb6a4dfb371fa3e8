import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CounterName } from '../../../contract/schemas/signals.ts';
import { badgeCount } from '../../lib/format.ts';
import { useCounters } from '../shell/use-menu-counters.ts';

/**
 * The community menu of SPEC §2: Grupos, Conversas, Salas de jogos. Grupos and Conversas show their unread counters
 * (newGroupMessage, newMessage), reset about 2 s after the tab is clicked like the menu's (SPEC §4).
 */
export function CommunityTabs() {
  const [path] = useLocation();
  const { t } = useLingui();
  const { countOf, clearLater } = useCounters();
  const tabs: { href: string; label: ReactNode; counters: CounterName[] }[] = [
    { href: '/dashboard/comunidade/grupos', label: <Trans>Grupos</Trans>, counters: ['newGroupMessage'] },
    { href: '/dashboard/comunidade/conversas', label: <Trans>Conversas</Trans>, counters: ['newMessage'] },
    { href: '/dashboard/comunidade/salas', label: <Trans>Salas de jogos</Trans>, counters: [] },
  ];
  return (
    <nav className="community-tabs" aria-label={t`Comunidade`}>
      {tabs.map((tab) => {
        const current = path === tab.href || path.startsWith(`${tab.href}/`);
        const unread = countOf(tab.counters);
        return (
          <Link
            key={tab.href}
            href={tab.href}
            className={current ? 'community-tab current' : 'community-tab'}
            aria-current={current ? 'page' : undefined}
            onClick={() => clearLater(tab.counters)}
          >
            {tab.label}
            {unread > 0 && (
              <span className="badge unread" aria-label={t`${unread} por ler`}>
                {badgeCount(unread)}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
