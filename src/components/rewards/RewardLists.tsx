import { useId, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RewardListName } from '../../state/rewards.ts';
import { Tabs, tabId } from '../Tabs.tsx';
import { RewardListPanel } from './RewardListPanel.tsx';
import { PendingRewardPayments } from './PendingRewardPayments.tsx';

const LISTS: RewardListName[] = ['enviadas', 'recebidas', 'reembolsados'];
export const REWARD_LIST_PATH = '/dashboard/recompensas/enviadas';

function listFromSearch(search: string): RewardListName {
  const value = new URLSearchParams(search).get('lista');
  return LISTS.find((list) => list === value) ?? 'enviadas';
}

/** /dashboard/recompensas/enviadas: the sent, received and refunded lists as tabs (?lista=recebidas|reembolsados). */
export function RewardLists() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = listFromSearch(search);
  const id = useId();
  const labels: Record<RewardListName, ReactNode> = {
    enviadas: <Trans>Enviadas</Trans>,
    recebidas: <Trans>Recebidas</Trans>,
    reembolsados: <Trans>Reembolsadas</Trans>,
  };
  return (
    <section className="page rewards-page">
      <h1 className="page-title">
        <Trans>Recompensas</Trans>
      </h1>
      <Tabs
        label={t`Listas de recompensas`}
        tabs={LISTS}
        labels={labels}
        selected={tab}
        onSelect={(value) => navigate(value === 'enviadas' ? REWARD_LIST_PATH : `${REWARD_LIST_PATH}?lista=${value}`, { replace: true })}
        idBase={id}
        panelOf={() => `${id}-panel`}
      />
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(id, tab)}>
        {tab === 'enviadas' && <PendingRewardPayments />}
        <RewardListPanel key={tab} lista={tab} />
      </div>
    </section>
  );
}
