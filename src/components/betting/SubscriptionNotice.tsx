import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';

/** Shown when the server answers with `tipo` and `message` (SPEC §3 Subscription error payload, §8). */
export function SubscriptionNotice({ message }: { message: string }) {
  return (
    <div className="subscription-notice" role="alert">
      <Icon name="warning" inline />
      <div>
        <p>
          <strong>
            <Trans>Verifique a sua subscrição</Trans>
          </strong>
        </p>
        {message && <p>{translateServerMessage(message)}</p>}
        <Link href="/dashboard/licenca" className="button button-small">
          <Trans>Ver subscrição</Trans>
        </Link>
      </div>
    </div>
  );
}
