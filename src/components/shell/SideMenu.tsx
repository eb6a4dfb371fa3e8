import { useLingui } from '@lingui/react/macro';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import { MenuLinks } from './MenuLinks.tsx';
import { SignOutButton } from './SignOutButton.tsx';

export function SideMenu({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  return (
    <nav className="side-menu" aria-label={t`Menu principal`}>
      <MenuLinks user={user} />
      <SignOutButton />
    </nav>
  );
}
