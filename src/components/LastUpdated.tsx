import { Trans } from '@lingui/react/macro';
import { clockTime } from '../lib/format.ts';
import { translateServerMessage } from '../i18n/server-message.ts';

/** When a piece of data was last refreshed, and why the last try failed (SPEC §4 Lists). */
export function LastUpdated({ at, error }: { at: number; error: string | null }) {
  const time = clockTime(at);
  return (
    <p className="last-updated" role="status">
      {at > 0 && <Trans>Actualizado às {time}</Trans>}
      {error && <span className="last-updated-error"> · {translateServerMessage(error)}</span>}
    </p>
  );
}
