import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';

// A slip shared into a chat (SPEC §7 Sharing). Placeholder until the slip card lands (issue 12); every chat's
// message list renders it for a message whose `recurso` is a slip.
export function SharedSlipCard({ fichaId }: { fichaId: string; own: boolean }) {
  return (
    <Link className="message-slip" href={`/dashboard/fichas/${encodeURIComponent(fichaId)}`}>
      <Trans>Ficha partilhada</Trans>
    </Link>
  );
}
