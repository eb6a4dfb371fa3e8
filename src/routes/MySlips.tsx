import '../i18n/betting-catalog.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { SLIP_IMPORT_PATH } from '../../contract/slip-import/paths.ts';
import type { SlipFilter } from '../../contract/schemas/slips.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { refreshSlipListAtom, slipListAtom, slipListMetaAtom } from '../state/slips.ts';
import { onlineAtom } from '../state/network.ts';
import { countersAtom } from '../state/community.ts';
import { PENDING } from '../state/live-atom.ts';
import { SlipCard } from '../components/betting/SlipCard.tsx';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { VirtualList } from '../components/list/VirtualList.tsx';
import { ListSkeleton } from '../components/list/ListSkeleton.tsx';
import { listView } from '../components/list/list-view.ts';
import '../components/betting/betting.css';
import { Tabs } from '../components/Tabs.tsx';

const TABS: SlipFilter[] = ['criadas', 'guardadas', 'ocultas'];
const TAB_KEY = 'fichas:filtro';

function storedTab(): SlipFilter {
  try {
    const value = sessionStorage.getItem(TAB_KEY);
    return TABS.includes(value as SlipFilter) ? (value as SlipFilter) : 'criadas';
  } catch {
    return 'criadas';
  }
}

/** Settlements arrive live: realtime bumps newFichaUpdate, and the list refreshes then and every 30 s (SPEC §9). */
function useSlipRefresh(filtro: SlipFilter, online: boolean) {
  const refresh = useSetAtom(refreshSlipListAtom);
  const settled = useAtomValue(countersAtom).get('newFichaUpdate') ?? 0;
  useRefreshWhileVisible(online, REFRESH_LISTS_MS, `${filtro}:${settled}`, (_isCurrent, first) => void refresh({ filtro, force: first && settled > 0 }));
}

/** /dashboard/fichas: my slips, created, saved and hidden, each with where it is on its way to the server; virtualised. */
export default function MySlips() {
  const [tab, setTab] = useState<SlipFilter>(storedTab);
  const rows = useAtomValue(slipListAtom(tab));
  const meta = useAtomValue(useMemo(() => slipListMetaAtom(tab), [tab]));
  const online = useAtomValue(onlineAtom);
  const { t } = useLingui();
  useSlipRefresh(tab, online);

  const choose = (next: SlipFilter) => {
    setTab(next);
    try {
      sessionStorage.setItem(TAB_KEY, next);
    } catch {
      // Without storage the tab simply resets next time.
    }
  };
  const view = listView({ rows, meta, online });
  const labels: Record<SlipFilter, string> = { criadas: t`Criadas`, guardadas: t`Guardadas`, ocultas: t`Ocultas` };

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">
          <Trans>As minhas fichas</Trans>
        </h1>
        {meta !== PENDING && meta && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      </div>
      <Link href={SLIP_IMPORT_PATH} className="button button-secondary slip-import-entry">
        <Trans>Importar palpite</Trans>
      </Link>
      <Tabs label={t`Fichas`} tabs={TABS} labels={labels} selected={tab} onSelect={choose} />
      {view === 'skeleton' ? (
        <ListSkeleton />
      ) : view === 'not-on-phone' ? (
        <p className="notice">
          <Trans>Ainda não há fichas neste telemóvel: liga-te uma vez.</Trans>
        </p>
      ) : view === 'empty' ? (
        <p className="notice">
          {tab === 'criadas' && <Trans>Ainda não criou fichas. Escolha odds num jogo e carregue em Bater Ficha.</Trans>}
          {tab === 'guardadas' && <Trans>Ainda não guardou fichas de outros apostadores.</Trans>}
          {tab === 'ocultas' && <Trans>Não tem fichas ocultas.</Trans>}
        </p>
      ) : (
        // A new tab is a new list: its rows' sizes are measured afresh.
        <VirtualList key={tab} items={rows === PENDING ? [] : rows} itemKey={(slip) => slip.id} className="slip-cards" aria-label={labels[tab]} gap={10}>
          {(slip) => <SlipCard slip={slip} />}
        </VirtualList>
      )}
    </section>
  );
}
