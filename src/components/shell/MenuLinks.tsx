import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { rewardsVisible } from '../../i18n/brand.ts';
import { Icon } from '../Icon.tsx';
import { COUNTER_RESET_DELAY_MS, MENU_COUNTERS, menuItems, type MenuIcon } from './menu-items.ts';
import { useAtomValue, useSetAtom } from 'jotai';
import { countersAtom, resetCounterAtom } from '../../state/community.ts';

export function MenuLinks({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const [path] = useLocation();
  const counters = useAtomValue(countersAtom);
  const reset = useSetAtom(resetCounterAtom);
  const countOf = (id: MenuIcon) => MENU_COUNTERS[id].reduce((sum, name) => sum + (counters.get(name) ?? 0), 0);
  const clearLater = (id: MenuIcon) => {
    const names = MENU_COUNTERS[id].filter((name) => (counters.get(name) ?? 0) > 0);
    if (names.length > 0) setTimeout(() => names.forEach((name) => void reset(name)), COUNTER_RESET_DELAY_MS);
  };
  return (
    <ul className="menu-links">
      {menuItems(user, { rewardsVisible }).map((item) => {
        const current = path === item.section || path.startsWith(`${item.section}/`);
        return (
          <li key={item.id}>
            <Link
              href={item.href}
              className={current ? 'menu-link current' : 'menu-link'}
              aria-current={current ? 'page' : undefined}
              onClick={() => {
                clearLater(item.id);
                onNavigate?.();
              }}
            >
              <Icon name={item.id} />
              <span>{i18n._(item.label)}</span>
              {countOf(item.id) > 0 && <span className="badge menu-count">{countOf(item.id)}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
