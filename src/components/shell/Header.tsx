import { Link } from 'wouter';
import { useAtomValue } from 'jotai';
import { unreadTotalAtom } from '../../state/community.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { Logo } from '../Logo.tsx';
import { badgeCount } from '../../lib/format.ts';
import { Icon } from '../Icon.tsx';
import { OutboxChip } from '../outbox/OutboxChip.tsx';
import { brand } from '../../i18n/brand.ts';
import { shownHandle } from '../../../contract/official-account.ts';

function clipHandle(handle: string): string {
  return handle.length > 12 ? `${handle.slice(0, 12)}…` : handle;
}

export function Header({ user, onOpenMenu }: { user: SessionUser | null; onOpenMenu: () => void }) {
  const { t } = useLingui();
  const unread = useAtomValue(unreadTotalAtom);
  const shown = user && unread > 0 ? badgeCount(unread) : null;
  return (
    <header className="header">
      <Link href={user ? '/explorar' : '/'} className="header-logo" aria-label={t`${brand.name}, início`}>
        <Logo />
      </Link>
      <div className="header-actions">
        {user && <OutboxChip />}
        {user ? (
          <span className="header-user" title={shownHandle(user.nomeUsuario, brand.locale)}>
            @{clipHandle(shownHandle(user.nomeUsuario, brand.locale))}
          </span>
        ) : (
          <Link href="/login" className="button button-small">
            <Trans>Entrar</Trans>
          </Link>
        )}
        <button type="button" className="icon-button menu-button" onClick={onOpenMenu} aria-label={shown ? t`Abrir menu, ${shown} por ler` : t`Abrir menu`}>
          <Icon name="menu" />
          {shown && <span className="badge menu-badge">{shown}</span>}
        </button>
      </div>
    </header>
  );
}
