import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { pendingAccountChangesAtom } from '../../state/account.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/** Where the latest change of name, photo or phone is: saved on this phone, being sent, or refused and why. */
export function AccountSyncNote() {
  const [latest] = useAtomValue(pendingAccountChangesAtom);
  if (!latest || latest.sync === 'sent') return null;
  return (
    <p className={latest.sync === 'rejected' ? 'notice notice-error' : 'notice'} role="status" data-testid="account-sync" data-sync={latest.sync}>
      {latest.sync === 'saved' && <Trans>Alteração guardada neste telemóvel, à espera de rede para ser enviada.</Trans>}
      {latest.sync === 'sending' && <Trans>A enviar...</Trans>}
      {latest.sync === 'paused' && <Trans>À espera que voltes a entrar</Trans>}
      {latest.sync === 'rejected' && (
        <>
          <Trans>Recusada</Trans>: {translateServerMessage(latest.error ?? '')}
        </>
      )}
    </p>
  );
}
