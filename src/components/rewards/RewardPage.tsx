import { useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import { MSG } from '../../../contract/messages.ts';
import { refreshRewardAtom, rewardAtom, rewardMetaAtom } from '../../state/rewards.ts';
import { onlineAtom } from '../../state/network.ts';
import { PENDING } from '../../state/live-atom.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../use-refresh-while-visible.ts';
import { LastUpdated } from '../LastUpdated.tsx';
import { RewardDetail } from './RewardDetail.tsx';
import { REWARD_LIST_PATH } from './RewardLists.tsx';

/** /dashboard/recompensas/recebidas/{pagamentoId} and /reembolsados/{pagamentoId}: one reward, readable offline once seen. */
export function RewardPage({ lista, pagamentoId }: { lista: 'recebidas' | 'reembolsados'; pagamentoId: string }) {
  const reward = useAtomValue(rewardAtom(pagamentoId));
  const meta = useAtomValue(rewardMetaAtom(pagamentoId));
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshRewardAtom);
  const [outcome, setOutcome] = useState<{ id: string; result: Awaited<ReturnType<typeof refresh>> } | null>(null);

  useRefreshWhileVisible(online && pagamentoId !== '', REFRESH_LISTS_MS, pagamentoId, (isCurrent) =>
    void refresh(pagamentoId).then((result) => {
      if (isCurrent()) setOutcome({ id: pagamentoId, result });
    }),
  );

  const result = outcome?.id === pagamentoId ? outcome.result : null;
  const shown = reward === PENDING ? undefined : reward;
  const metaRow = meta === PENDING ? undefined : meta;
  const back = lista === 'recebidas' ? `${REWARD_LIST_PATH}?lista=recebidas` : `${REWARD_LIST_PATH}?lista=reembolsados`;
  const title = lista === 'recebidas' ? <Trans>Recompensa recebida</Trans> : <Trans>Recompensa reembolsada</Trans>;
  let body: ReactNode;
  if (result === 'missing' || pagamentoId === '') {
    body = (
      <p className="notice">
        <Trans>Esta recompensa não existe.</Trans>
      </p>
    );
  } else if (result === 'forbidden') {
    body = <p className="notice">{translateServerMessage(MSG.forbidden)}</p>;
  } else if (shown) {
    body = (
      <>
        {metaRow && <LastUpdated at={metaRow.refreshedAt} error={metaRow.error} />}
        <RewardDetail reward={shown} />
      </>
    );
  } else if (reward === PENDING || (online && result === null)) {
    body = <span className="spinner-small" aria-hidden="true" />;
  } else {
    body = (
      <p className="notice">
        {online ? (
          <Trans>Não foi possivel carregar esta recompensa.</Trans>
        ) : (
          <Trans>Esta recompensa ainda não foi guardada neste telemóvel. Liga-te à internet para a ver.</Trans>
        )}
      </p>
    );
  }
  return (
    <section className="page rewards-page">
      <h1 className="page-title">{title}</h1>
      {body}
      <p>
        <Link href={back}>
          <Trans>Ver todas as recompensas</Trans>
        </Link>
      </p>
    </section>
  );
}
