import { useId, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { MSG } from '../../contract/messages.ts';
import {
  loadRewardsAtom,
  refreshRewardAtom,
  rewardAtom,
  rewardListAtom,
  rewardListMetaAtom,
  rewardMetaAtom,
  type RewardListName,
} from '../state/rewards.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { brand } from '../i18n/brand.ts';
import { formatKz } from '../lib/format.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { RewardItem } from '../components/rewards/RewardItem.tsx';
import { RewardState } from '../components/rewards/RewardState.tsx';
import { rewardTime } from '../components/rewards/reward-labels.ts';
import '../components/rewards/rewards.css';
import { Tabs, tabId } from '../components/Tabs.tsx';

const LISTS: RewardListName[] = ['enviadas', 'recebidas', 'reembolsados'];
const LIST_PATH = '/dashboard/recompensas/enviadas';

function listFromSearch(search: string): RewardListName {
  const value = new URLSearchParams(search).get('lista');
  return LISTS.find((list) => list === value) ?? 'enviadas';
}

function RewardListPanel({ lista }: { lista: RewardListName }) {
  const rewards = useAtomValue(rewardListAtom(lista));
  const meta = useAtomValue(rewardListMetaAtom(lista));
  const selfId = useAtomValue(sessionUserAtom)?.id ?? null;
  const online = useAtomValue(onlineAtom);
  const load = useSetAtom(loadRewardsAtom);
  const [loading, setLoading] = useState(false);

  useRefreshWhileVisible(online, REFRESH_LISTS_MS, `${selfId ?? ''}:${lista}`, (_isCurrent, first) => void load({ lista, force: !first }));

  const metaRow = meta === PENDING ? undefined : meta;
  const shown = rewards === PENDING ? undefined : rewards;
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
      {shown === undefined ? (
        rewards === PENDING || online ? (
          <span className="spinner-small" aria-hidden="true" />
        ) : (
          <p className="notice">
            <Trans>Esta lista ainda não foi guardada neste telemóvel. Liga-te à internet para a ver.</Trans>
          </p>
        )
      ) : shown.length === 0 ? (
        <p className="muted">{empty[lista]}</p>
      ) : (
        <ul className="reward-list">
          {shown.map((reward) => (
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

/** /dashboard/recompensas/enviadas: the sent, received and refunded lists as tabs (?lista=recebidas|reembolsados). */
function RewardLists() {
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
        onSelect={(value) => navigate(value === 'enviadas' ? LIST_PATH : `${LIST_PATH}?lista=${value}`, { replace: true })}
        idBase={id}
        panelOf={() => `${id}-panel`}
      />
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(id, tab)}>
        <RewardListPanel key={tab} lista={tab} />
      </div>
    </section>
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** /dashboard/recompensas/recebidas/{pagamentoId} and /reembolsados/{pagamentoId}: one reward, readable offline once seen. */
function RewardPage({ lista, pagamentoId }: { lista: 'recebidas' | 'reembolsados'; pagamentoId: string }) {
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
  const back = lista === 'recebidas' ? `${LIST_PATH}?lista=recebidas` : `${LIST_PATH}?lista=reembolsados`;
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
    const from = shown.remetente.nomeUsuario;
    const to = shown.destinatario.nomeUsuario;
    body = (
      <>
        {metaRow && <LastUpdated at={metaRow.refreshedAt} error={metaRow.error} />}
        <dl className="reward-detail">
          <dt>
            <Trans>Montante</Trans>
          </dt>
          <dd>
            <strong>{formatKz(shown.valor)}</strong>
          </dd>
          <dt>
            <Trans>Estado</Trans>
          </dt>
          <dd>
            <RewardState estado={shown.estado} />
          </dd>
          <dt>
            <Trans>De</Trans>
          </dt>
          <dd>
            <Link href={`/${encodeURIComponent(from)}`}>@{from}</Link>
          </dd>
          <dt>
            <Trans>Para</Trans>
          </dt>
          <dd>
            <Link href={`/${encodeURIComponent(to)}`}>@{to}</Link>
          </dd>
          {shown.mensagem && (
            <>
              <dt>
                <Trans>Mensagem</Trans>
              </dt>
              <dd>{shown.mensagem}</dd>
            </>
          )}
          {shown.ficha && (
            <>
              <dt>
                <Trans>Ficha</Trans>
              </dt>
              <dd>
                <Link href={`/${encodeURIComponent(to)}/fichas/${encodeURIComponent(shown.ficha.id)}`}>
                  <Trans>Ver a ficha recompensada</Trans>
                </Link>
              </dd>
            </>
          )}
          <dt>
            <Trans>Enviada em</Trans>
          </dt>
          <dd>{rewardTime(shown.createdAt, brand.locale)}</dd>
          <dt>
            <Trans>Actualizada em</Trans>
          </dt>
          <dd>{rewardTime(shown.updatedAt, brand.locale)}</dd>
        </dl>
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

/**
 * Rewards (SPEC §2): /dashboard/recompensas/enviadas lists what was sent, received and refunded under three tabs;
 * /recebidas/{pagamentoId} and /reembolsados/{pagamentoId} show one reward.
 */
export default function Rewards() {
  const params = useParams<{ pagamentoId?: string }>();
  const [location] = useLocation();
  if (params.pagamentoId === undefined) return <RewardLists />;
  const lista = location.startsWith('/dashboard/recompensas/reembolsados/') ? 'reembolsados' : 'recebidas';
  return <RewardPage lista={lista} pagamentoId={safeDecode(params.pagamentoId)} />;
}
