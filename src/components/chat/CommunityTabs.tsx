import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';

/** The community menu of SPEC §2: Grupos, Conversas, Salas de jogos. */
export function CommunityTabs() {
  const [path] = useLocation();
  const { t } = useLingui();
  const tabs = [
    { href: '/dashboard/comunidade/grupos', label: <Trans>Grupos</Trans> },
    { href: '/dashboard/comunidade/conversas', label: <Trans>Conversas</Trans> },
    { href: '/dashboard/comunidade/salas', label: <Trans>Salas de jogos</Trans> },
  ];
  return (
    <nav className="community-tabs" aria-label={t`Comunidade`}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} className={path.startsWith(tab.href) ? 'community-tab current' : 'community-tab'}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
