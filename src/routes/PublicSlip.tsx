import '../i18n/betting-catalog.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { shownHandle } from '../../contract/official-account.ts';
import { brand } from '../i18n/brand.ts';
import { slipAtom } from '../state/slips.ts';
import { refreshPublicSlipAtom, slipMetaAtom } from '../state/slip-view.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { SlipView } from '../components/betting/SlipView.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { SlipComments } from '../components/comments/SlipComments.tsx';
import { RewardButton } from '../components/rewards/RewardButton.tsx';
import { ReportButton } from '../components/moderation/ReportButton.tsx';

/** 'Ficha de @kiala_tips', the official account's handle as the reader's host shows it. */
function SlipHeading({ handle }: { handle: string }) {
  const nomeUsuario = shownHandle(handle, brand.locale);
  return <Trans>Ficha de @{nomeUsuario}</Trans>;
}

/** /{nomeUsuario}/fichas/{fichaId}: a published slip, open to anybody with the link (no session needed). */
export default function PublicSlip() {
  const { nomeUsuario = '', fichaId = '' } = useParams<{ nomeUsuario: string; fichaId: string }>();
  const row = useAtomValue(slipAtom(fichaId));
  const meta = useAtomValue(slipMetaAtom(fichaId));
  const selfId = useAtomValue(sessionUserAtom)?.id ?? null;
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshPublicSlipAtom);
  const [outcome, setOutcome] = useState<'loaded' | 'missing' | 'error' | null>(null);

  useRefreshWhileVisible(online, REFRESH_LISTS_MS, `${nomeUsuario}/${fichaId}`, (isCurrent) =>
    void refresh({ nomeUsuario, id: fichaId }).then((result) => {
      if (isCurrent()) setOutcome(result);
    }),
  );

  const shown = row !== PENDING && row && outcome !== 'missing' ? row : null;
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">
          <SlipHeading handle={nomeUsuario} />
        </h1>
        {shown && meta !== PENDING && meta && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      </div>
      {shown ? (
        <>
          <SlipView slip={shown} />
          <RewardButton recipient={{ nomeUsuario }} fichaId={shown.id} />
          {selfId !== null && !shown.own && <ReportButton tipo="ficha" id={shown.id} />}
          <SlipComments fichaId={shown.id} />
          {selfId === null && (
            <p className="notice">
              <Trans>
                <Link href={`/login?callbackUrl=${encodeURIComponent(`/${nomeUsuario}/fichas/${fichaId}`)}`}>Entre</Link> para guardar esta ficha ou copiá-la para a sua.
              </Trans>
            </p>
          )}
        </>
      ) : outcome === 'missing' ? (
        <p className="notice">
          <Trans>Esta ficha não existe ou não é pública.</Trans>
        </p>
      ) : !online ? (
        <p className="notice">
          <Trans>Esta ficha ainda não foi guardada neste telemóvel. Liga-te à internet para a ver.</Trans>
        </p>
      ) : row === PENDING || outcome === null ? (
        <span className="spinner-small" aria-hidden="true" />
      ) : (
        <p className="notice">
          <Trans>Não foi possivel carregar esta ficha.</Trans>
        </p>
      )}
    </section>
  );
}
