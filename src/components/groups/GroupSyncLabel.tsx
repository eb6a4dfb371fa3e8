import { Trans } from '@lingui/react/macro';
import type { SyncState } from '../../state/outbox.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/** Where a group made or changed on this phone is on its way to the server (nothing once the server has it). */
export function GroupSyncLabel({ sync, error }: { sync: SyncState; error: string | null }) {
  if (sync === 'sent') return null;
  return (
    <span className={`grp-sync ${sync}`}>
      {sync === 'saved' && <Trans>Guardado neste telemóvel</Trans>}
      {sync === 'sending' && <Trans>A enviar...</Trans>}
      {sync === 'paused' && <Trans>À espera que voltes a entrar</Trans>}
      {sync === 'rejected' && (
        <>
          <Trans>Recusado</Trans>
          {error && <>: {translateServerMessage(error)}</>}
        </>
      )}
    </span>
  );
}
