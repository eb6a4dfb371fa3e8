import { Link, useLocation } from 'wouter';
import { useAtomValue } from 'jotai';
import { draftCountAtom } from '../../state/slip-builder.ts';
import { useLingui } from '@lingui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { Icon } from '../Icon.tsx';
import { badgeCount } from '../../lib/format.ts';
import { MENU_COUNTERS, menuItems } from './menu-items.ts';
import { useCounters } from './use-menu-counters.ts';
import './counters.css';

const BOTTOM_IDS = new Set(['explore', 'slips', 'community', 'notifications']);

/**
 * An entry's unread count, drawn on its icon. It comes after the entry's label, so the name reads as the screen shows
 * it ("Conversas 3 por ler": the name holds the visible text in order, WCAG 2.5.3).
 */
function UnreadCount({ count }: { count: number }) {
  return (
    <>
      {' '}
      <span className="badge bottom-count">
        {badgeCount(count)}
        <span className="visually-hidden">
          {' '}
          <Trans>por ler</Trans>
        </span>
      </span>
    </>
  );
}

/** Phones (850 px or less): the main entries plus the slip drawer button with its selection count. */
export function BottomMenu({ user, onOpenSlip }: { user: SessionUser; onOpenSlip: () => void }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [path] = useLocation();
  const items = menuItems(user, { rewardsVisible: false }).filter((item) => BOTTOM_IDS.has(item.id));
  const selections = useAtomValue(draftCountAtom);
  const { countOf, clearLater } = useCounters();
  return (
    <nav className="bottom-menu" aria-label={t`Menu inferior`}>
      {items.map((item) => {
        const current = path === item.section || path.startsWith(`${item.section}/`);
        const unread = countOf(MENU_COUNTERS[item.id]);
        return (
          <Link
            key={item.id}
            href={item.href}
            className={current ? 'bottom-link current' : 'bottom-link'}
            aria-current={current ? 'page' : undefined}
            onClick={() => clearLater(MENU_COUNTERS[item.id])}
          >
            <span className="bottom-icon">
              <Icon name={item.id} />
            </span>
            <span className="bottom-label">{i18n._(item.label)}</span>
            {unread > 0 && <UnreadCount count={unread} />}
          </Link>
        );
      })}
      <button
        type="button"
        className="bottom-link slip-button"
        aria-label={selections > 0 ? plural(selections, { one: 'Ficha: # selecção', other: 'Ficha: # selecções' }) : t`Ficha`}
        onClick={onOpenSlip}
      >
        <Icon name="slip" />
        {selections > 0 && <span className="badge">{selections}</span>}
      </button>
    </nav>
  );
}
