import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { Icon } from '../Icon.tsx';
import { Logo } from '../Logo.tsx';
import { Drawer } from './Drawer.tsx';
import { MenuLinks } from './MenuLinks.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { InstallAction } from './InstallAction.tsx';

/** The header drawer: the full menu when signed in, only a Login link when signed out (SPEC §2). */
export function MenuDrawer({ open, user, onClose }: { open: boolean; user: SessionUser | null; onClose: () => void }) {
  const { t } = useLingui();
  if (!open) return null;
  return (
    <Drawer label={t`Menu`} onClose={onClose}>
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
    </Drawer>
  );
}
