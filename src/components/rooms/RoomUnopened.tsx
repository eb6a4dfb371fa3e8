import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RoomLookup } from '../../state/rooms.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/**
 * A room this phone has not stored (yet): what the server's lookup found, or why it cannot be asked (offline), or a
 * spinner while it is asked. `pending` is true until the store has answered.
 */
export function RoomUnopened({ back, pending, lookup, online }: { back: ReactNode; pending: boolean; lookup: RoomLookup | null; online: boolean }) {
  const { t } = useLingui();
  return (
    <section className="chat-page">
      <header className="chat-head">
        {back}
        <h1 className="chat-title">
          <Trans>Sala de jogo</Trans>
        </h1>
      </header>
      {pending ? null : lookup?.kind === 'missing' ? (
        <p className="notice" role="alert">
          <Trans>Esta sala não existe.</Trans>
        </p>
      ) : !online ? (
        <p className="notice">
          <Trans>Esta sala ainda não foi aberta neste telemóvel. Liga-te à internet para a ver.</Trans>
        </p>
      ) : lookup?.kind === 'error' ? (
        <p className="notice" role="alert">
          {translateServerMessage(lookup.message)}
        </p>
      ) : (
        <span className="spinner-small" role="status" aria-label={t`A carregar`} />
      )}
    </section>
  );
}
