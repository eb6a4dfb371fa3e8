import { Link, useLocation } from 'wouter';
import { useAtomValue } from 'jotai';
import { draftCountAtom } from '../../state/slip-builder.ts';
import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { Icon } from '../Icon.tsx';
import { menuItems } from './menu-items.ts';

const BOTTOM_IDS = new Set(['explore', 'slips', 'community', 'notifications']);

/** Phones (850 px or less): the main entries plus the slip drawer button with its selection count. */
export function BottomMenu({ user, onOpenSlip }: { user: SessionUser; onOpenSlip: () => void }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [path] = useLocation();
  const items = menuItems(user, { rewardsVisible: false }).filter((item) => BOTTOM_IDS.has(item.id));
  const selections = useAtomValue(draftCountAtom);
  return (
    <nav className="bottom-menu" aria-label={t`Menu inferior`}>
      {items.map((item) => {
        const current = path === item.section || path.startsWith(`${item.section}/`);
        return (
          <Link key={item.id} href={item.href} className={current ? 'bottom-link current' : 'bottom-link'}>
            <Icon name={item.id} />
            <span>{i18n._(item.label)}</span>
          </Link>
        );
      })}
      <button type="button" className="bottom-link slip-button" aria-label={t`Ficha: ${selections} selecções`} onClick={onOpenSlip}>
        <Icon name="slip" />
        <span className="badge">{selections}</span>
      </button>
    </nav>
  );
}
