import { useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import { loadRewardsAtom, rewardListAtom, rewardListMetaAtom, type RewardListName } from '../../state/rewards.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { onlineAtom } from '../../state/network.ts';
import { PENDING } from '../../state/live-atom.ts';
import { useRefreshWhileVisible } from '../use-refresh-while-visible.ts';
import { LastUpdated } from '../LastUpdated.tsx';
import { ListSkeleton } from '../list/ListSkeleton.tsx';
import { listView } from '../list/list-view.ts';
import { RewardItem } from './RewardItem.tsx';

/** One of the reward lists from the phone's store, refreshed every 30 s while shown, with more on request. */
export function RewardListPanel({ lista }: { lista: RewardListName }) {
  const rewards = useAtomValue(rewardListAtom(lista));
  const meta = useAtomValue(rewardListMetaAtom(lista));
  const selfId = useAtomValue(sessionUserAtom)?.id ?? null;
  const online = useAtomValue(onlineAtom);
  const load = useSetAtom(loadRewardsAtom);
  const [loading, setLoading] = useState(false);

  useRefreshWhileVisible(online, REFRESH_LISTS_MS, `${selfId ?? ''}:${lista}`, (_isCurrent, first) => void load({ lista, force: !first }));

  const metaRow = meta === PENDING ? undefined : meta;
  const shown = rewards === PENDING ? undefined : rewards;
  // A stored list is the server's answer; none stored yet is a list this phone has never loaded.
  const view = rewards === PENDING ? 'skeleton' : rewards ? (rewards.length > 0 ? 'rows' : 'empty') : listView({ rows: [], meta, online });
  const more = async () => {
    setLoading(true);
    await load({ lista, more: true });
    setLoading(false);
  };
  const empty: Record<RewardListName, ReactNode> = {
    enviadas: <Trans>Ainda não enviaste recompensas. Recompensa alguém a partir do perfil ou de uma ficha publicada.</Trans>,
    recebidas: <Trans>Ainda não recebeste recompensas.</Trans>,
    reembolsados: <Trans>Nenhuma recompensa foi reembolsada.</Trans>,
  };
  return (
    <>
      {metaRow && <LastUpdated at={metaRow.refreshedAt} error={metaRow.error} />}
      {view === 'skeleton' ? (
        <ListSkeleton rows={2} />
      ) : view === 'not-on-phone' ? (
        <p className="notice">
          <Trans>Ainda não há recompensas neste telemóvel: liga-te uma vez.</Trans>
        </p>
      ) : view === 'empty' ? (
        <p className="muted">{empty[lista]}</p>
      ) : (
        <ul className="reward-list">
          {(shown ?? []).map((reward) => (
            <RewardItem key={reward.pagamentoId} reward={reward} selfId={selfId} />
          ))}
        </ul>
      )}
      {metaRow?.noMore === false && (
        <button type="button" className="button button-secondary button-small" disabled={loading || !online} onClick={() => void more()}>
          <Trans>Ver mais</Trans>
        </button>
      )}
    </>
  );
}
