import { useId, useRef, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import {
  followListAtom,
  loadProfileListAtom,
  profileListMetaAtom,
  profileSlipsAtom,
  type ProfileList,
  type ProfileView,
} from '../../state/profile.ts';
import { onlineAtom } from '../../state/network.ts';
import { PENDING } from '../../state/live-atom.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../use-refresh-while-visible.ts';
import { SlipCard } from '../betting/SlipCard.tsx';
import { VirtualList } from '../list/VirtualList.tsx';
import { UserList } from './UserList.tsx';
import { Tabs, tabId } from '../Tabs.tsx';

const TABS: ProfileList[] = ['fichas', 'seguidores', 'seguindo'];

function Slips({ userId, onEndReached }: { userId: string; onEndReached: () => void }) {
  const slips = useAtomValue(profileSlipsAtom(userId));
  if (slips === PENDING || slips === undefined) return null;
  if (slips.length === 0) {
    return (
      <p className="muted">
        <Trans>Ainda não publicou fichas.</Trans>
      </p>
    );
  }
  return (
    <VirtualList items={slips} itemKey={(slip) => slip.id} className="slip-cards" gap={10} onEndReached={onEndReached}>
      {(slip) => <SlipCard slip={slip} />}
    </VirtualList>
  );
}

function People({ kind, userId, onEndReached }: { kind: 'seguidores' | 'seguindo'; userId: string; onEndReached: () => void }) {
  const users = useAtomValue(followListAtom(kind, userId));
  if (users === PENDING || users === undefined) return null;
  if (users.length === 0) {
    return <p className="muted">{kind === 'seguidores' ? <Trans>Ainda ninguém segue este perfil.</Trans> : <Trans>Ainda não segue ninguém.</Trans>}</p>;
  }
  return <UserList users={users} onEndReached={onEndReached} />;
}

/**
 * The profile's published slips (with their results), followers and following, as tabs; each list is virtualised and
 * paged, as the reader scrolls or with the button.
 */
export function ProfileLists({ profile }: { profile: ProfileView }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<ProfileList>('fichas');
  const online = useAtomValue(onlineAtom);
  const load = useSetAtom(loadProfileListAtom);
  const meta = useAtomValue(profileListMetaAtom(tab, profile.id));
  const [loading, setLoading] = useState(false);
  // Paging on scroll: one page at a time, and none after a failed one (SPEC §4 Lists; the button still asks again).
  const paging = useRef({ loading: false, failed: '' });
  const id = useId();
  const target = { kind: tab, nomeUsuario: profile.nomeUsuario, userId: profile.id };

  useRefreshWhileVisible(online, REFRESH_LISTS_MS, `${profile.id}:${tab}`, (_isCurrent, first) => void load({ ...target, force: !first }));

  const followers = profile.follows?.followers;
  const following = profile.follows?.following;
  const labels: Record<ProfileList, ReactNode> = {
    fichas: <Trans>Fichas</Trans>,
    seguidores: followers === undefined ? <Trans>Seguidores</Trans> : <Plural value={followers} _0="# seguidores" one="# seguidor" other="# seguidores" />,
    seguindo: following === undefined ? <Trans>Seguindo</Trans> : <Trans>{following} seguindo</Trans>,
  };
  const metaRow = meta === PENDING ? undefined : meta;
  const listKey = `${profile.id}:${tab}`;
  const more = async () => {
    if (paging.current.loading) return;
    paging.current.loading = true;
    setLoading(true);
    const outcome = await load({ ...target, more: true });
    paging.current = { loading: false, failed: outcome === 'error' ? listKey : '' };
    setLoading(false);
  };
  const onEndReached = () => {
    if (metaRow?.noMore === false && online && paging.current.failed !== listKey) void more();
  };
  return (
    <div className="profile-lists">
      <Tabs label={t`Listas do perfil`} tabs={TABS} labels={labels} selected={tab} onSelect={setTab} idBase={id} panelOf={() => `${id}-panel`} />
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(id, tab)} className="profile-panel">
        {tab === 'fichas' ? (
          <Slips key={profile.id} userId={profile.id} onEndReached={onEndReached} />
        ) : (
          <People key={`${profile.id}:${tab}`} kind={tab} userId={profile.id} onEndReached={onEndReached} />
        )}
        {metaRow?.error && <p className="last-updated-error small">{translateServerMessage(metaRow.error)}</p>}
        {metaRow === undefined && !online && (
          <p className="muted">
            <Trans>Esta lista ainda não foi guardada neste telemóvel.</Trans>
          </p>
        )}
        {metaRow?.noMore === false && (
          <button type="button" className="button button-secondary button-small" disabled={loading || !online} onClick={() => void more()}>
            <Trans>Ver mais</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
