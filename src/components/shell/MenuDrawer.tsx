import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { Icon } from '../Icon.tsx';
import { Logo } from '../Logo.tsx';
import { MenuLinks } from './MenuLinks.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { useDrawer } from './use-drawer.ts';
import { InstallAction } from './InstallAction.tsx';

/** The header drawer: the full menu when signed in, only a Login link when signed out (SPEC §2). */
export function MenuDrawer({ open, user, onClose }: { open: boolean; user: SessionUser | null; onClose: () => void }) {
  const { t } = useLingui();
  const ref = useDrawer(open, onClose);
  if (!open) return null;
  return (
    <div className="drawer-layer" role="presentation" onClick={onClose}>
      <aside
        ref={(node) => {
          ref.current = node;
        }}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t`Menu`}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="drawer-head">
          <Logo />
          <button type="button" className="icon-button" onClick={onClose} aria-label={t`Fechar menu`}>
            <Icon name="close" />
          </button>
        </div>
        {user ? (
          <>
            <MenuLinks user={user} onNavigate={onClose} />
            <SignOutButton onDone={onClose} />
          </>
        ) : (
          <Link href="/login" className="menu-link" onClick={onClose}>
            <Icon name="login" />
            <span>
              <Trans>Login</Trans>
            </span>
          </Link>
        )}
        <InstallAction onDone={onClose} />
      </aside>
    </div>
  );
}
