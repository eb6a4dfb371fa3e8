import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { subscriptionNoticeAtom } from '../../state/licence.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { LicenceDialog } from './LicenceDialog.tsx';

const LICENCE_PAGE = '/dashboard/licenca';

/**
 * The app-wide subscription notice (SPEC §3, §8): any answer carrying `tipo` and `message` opens it. On the
 * subscription page itself the forms show their own errors, so it stays closed there (docs/decisions.md).
 */
export function SubscriptionNoticeDialog() {
  const notice = useAtomValue(subscriptionNoticeAtom);
  const close = useSetAtom(subscriptionNoticeAtom);
  const [path] = useLocation();
  const { t } = useLingui();
  const onLicencePage = path === LICENCE_PAGE;
  useEffect(() => {
    if (notice && onLicencePage) close(null);
  }, [notice, onLicencePage, close]);
  if (!notice || path === LICENCE_PAGE) return null;
  return (
    <LicenceDialog title={t`Verifique a sua subscrição`} onClose={() => close(null)}>
      <p className="dialog-body">{translateServerMessage(notice.message)}</p>
      <div className="row dialog-actions">
        <Link href={LICENCE_PAGE} className="button" onClick={() => close(null)}>
          <Trans>Ver subscrição</Trans>
        </Link>
      </div>
    </LicenceDialog>
  );
}
