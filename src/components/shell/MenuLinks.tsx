import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { rewardsVisible } from '../../i18n/brand.ts';
import { Icon } from '../Icon.tsx';
import { menuItems } from './menu-items.ts';

export function MenuLinks({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const [path] = useLocation();
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
              onClick={onNavigate}
            >
              <Icon name={item.id} />
              <span>{i18n._(item.label)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
