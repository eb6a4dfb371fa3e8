import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { myAccountAtom, refreshAccountAtom } from '../state/account.ts';
import { PENDING } from '../state/live-atom.ts';
import { AccountSyncNote } from '../components/settings/AccountSyncNote.tsx';
import { ProfileSection } from '../components/settings/ProfileSection.tsx';
import { PasswordSection } from '../components/settings/PasswordSection.tsx';
import { ContactSection } from '../components/settings/ContactSection.tsx';
import { DevicesSection } from '../components/settings/DevicesSection.tsx';
import { DataSaverSection } from '../components/settings/DataSaverSection.tsx';
import { PrivacySection } from '../components/settings/PrivacySection.tsx';
import { HelpSection } from '../components/settings/HelpSection.tsx';
import '../components/settings/settings.css';

/**
 * /dashboard/conta (SPEC §7 settings): name and photo, password, contacts, who may add the user to groups, the data saver, this phone and its sessions. Reads the
 * profile this phone keeps; until the first one arrives the account sections wait for it.
 */
export default function Settings() {
  const account = useAtomValue(myAccountAtom);
  const refresh = useSetAtom(refreshAccountAtom);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <section className="page">
      <h1 className="page-title">
        <Trans>Definições</Trans>
      </h1>
      <AccountSyncNote />
      {account === PENDING ? (
        <p className="muted" role="status">
          <Trans>A carregar</Trans>
        </p>
      ) : (
        <div className="settings-grid">
          {account ? (
            <>
              <ProfileSection key={`profile-${account.id}`} account={account} />
              <ContactSection key={`contact-${account.id}`} account={account} />
              <PrivacySection />
            </>
          ) : (
            <p className="notice" role="status">
              <Trans>Os dados da conta aparecem quando houver rede.</Trans>
            </p>
          )}
          <PasswordSection />
          <DataSaverSection />
          <DevicesSection />
          <HelpSection />
        </div>
      )}
    </section>
  );
}
