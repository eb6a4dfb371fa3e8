import '../i18n/betting-catalog.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation, useParams, useRoute } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { refreshSlipAtom, slipAtom } from '../state/slips.ts';
import { refreshPublicSlipAtom } from '../state/slip-view.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { countersAtom } from '../state/community.ts';
import { PENDING } from '../state/live-atom.ts';
import { SlipView } from '../components/betting/SlipView.tsx';
import { SlipComments } from '../components/comments/SlipComments.tsx';

/**
 * /dashboard/fichas/{id} (opened after a slip is created) and /dashboard/fichas/arquivadas/{id} (read-only). A slip
 * made on this phone opens as `local:N` and moves to its server id once acknowledged.
 */
export default function SlipPage() {
  const { fichaId = '' } = useParams<{ fichaId: string }>();
  const [archived] = useRoute('/dashboard/fichas/arquivadas/:fichaId');
  const [, navigate] = useLocation();
  const row = useAtomValue(slipAtom(fichaId));
  const selfId = useAtomValue(sessionUserAtom)?.id ?? null;
  const online = useAtomValue(onlineAtom);
  const settled = useAtomValue(countersAtom).get('newFichaUpdate') ?? 0;
  const refresh = useSetAtom(refreshSlipAtom);
  const refreshPublic = useSetAtom(refreshPublicSlipAtom);
  const [checked, setChecked] = useState(false);
  const owner = row !== PENDING && row ? row.ficha.usuario : undefined;
  const ownerId = owner?.id ?? null;
  const ownerName = owner?.nomeUsuario ?? '';

  // The slip made here now has its server id: show it under that address.
  const serverId = row !== PENDING && row && row.id !== fichaId ? row.id : null;
  useEffect(() => {
    if (serverId) navigate(archived ? `/dashboard/fichas/arquivadas/${serverId}` : `/dashboard/fichas/${serverId}`, { replace: true });
  }, [serverId, archived, navigate]);

  // A settlement (the counter moves) is a reason to look again at once.
  useRefreshWhileVisible(online && !fichaId.startsWith('local:'), REFRESH_LISTS_MS, `${fichaId}:${settled}:${ownerId}:${selfId}`, (isCurrent) => {
    const pull = ownerId !== null && ownerId !== selfId ? refreshPublic({ nomeUsuario: ownerName, id: fichaId }) : refresh(fichaId);
    void pull.then(() => {
      if (isCurrent()) setChecked(true);
    });
  });

  const back = (
    <Link href="/dashboard/fichas" className="back-link">
      ← <Trans>As minhas fichas</Trans>
    </Link>
  );
  return (
    <section className="page">
      {back}
      <h1 className="page-title">{archived ? <Trans>Ficha arquivada</Trans> : <Trans>Ficha</Trans>}</h1>
      {row === PENDING ? null : row ? (
        <>
          <SlipView slip={row} readOnly={!!archived} />
          <SlipComments fichaId={row.id} />
        </>
      ) : checked || !online ? (
        <p className="notice">
          {online ? (
            <Trans>Esta ficha não existe ou não tem acesso a ela.</Trans>
          ) : (
            <Trans>Esta ficha ainda não foi guardada neste telemóvel. Liga-te à internet para a ver.</Trans>
          )}
        </p>
      ) : (
        <span className="spinner-small" aria-hidden="true" />
      )}
    </section>
  );
}
