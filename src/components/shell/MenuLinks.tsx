import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { rewardsVisible } from '../../i18n/brand.ts';
import { Icon } from '../Icon.tsx';
import { badgeCount } from '../../lib/format.ts';
import { MENU_COUNTERS, menuItems } from './menu-items.ts';
import { useCounters } from './use-menu-counters.ts';

export function MenuLinks({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const [path] = useLocation();
  const { countOf, clearLater } = useCounters();
  return (
    <ul className="menu-links">
      {menuItems(user, { rewardsVisible }).map((item) => {
        const current = path === item.section || path.startsWith(`${item.section}/`);
        const count = countOf(MENU_COUNTERS[item.id]);
        return (
          <li key={item.id}>
            <Link
              href={item.href}
              className={current ? 'menu-link current' : 'menu-link'}
              aria-current={current ? 'page' : undefined}
              onClick={() => {
                clearLater(MENU_COUNTERS[item.id]);
                onNavigate?.();
              }}
            >
              <Icon name={item.id} />
              <span>{i18n._(item.label)}</span>
              {count > 0 && <span className="badge menu-count">{badgeCount(count)}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
