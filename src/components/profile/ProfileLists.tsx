import { useId, useState, type ReactNode } from 'react';
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
import { UserList } from './UserList.tsx';

const TABS: ProfileList[] = ['fichas', 'seguidores', 'seguindo'];

function Slips({ userId }: { userId: string }) {
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
    <div className="slip-cards">
      {slips.map((slip) => (
        <SlipCard key={slip.id} slip={slip} />
      ))}
    </div>
  );
}

function People({ kind, userId }: { kind: 'seguidores' | 'seguindo'; userId: string }) {
  const users = useAtomValue(followListAtom(kind, userId));
  if (users === PENDING || users === undefined) return null;
  if (users.length === 0) {
    return <p className="muted">{kind === 'seguidores' ? <Trans>Ainda ninguém segue este perfil.</Trans> : <Trans>Ainda não segue ninguém.</Trans>}</p>;
  }
  return <UserList users={users} />;
}

/** The profile's published slips (with their results), followers and following, as tabs; each list is paged. */
export function ProfileLists({ profile }: { profile: ProfileView }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<ProfileList>('fichas');
  const online = useAtomValue(onlineAtom);
  const load = useSetAtom(loadProfileListAtom);
  const meta = useAtomValue(profileListMetaAtom(tab, profile.id));
  const [loading, setLoading] = useState(false);
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
  const more = async () => {
    setLoading(true);
    await load({ ...target, more: true });
    setLoading(false);
  };
  return (
    <div className="profile-lists">
      <div className="tabs" role="tablist" aria-label={t`Listas do perfil`}>
        {TABS.map((value) => (
          <button
            key={value}
            id={`${id}-${value}`}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-controls={`${id}-panel`}
            className={tab === value ? 'tab current' : 'tab'}
            onClick={() => setTab(value)}
          >
            {labels[value]}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className="profile-panel">
        {tab === 'fichas' ? <Slips userId={profile.id} /> : <People kind={tab} userId={profile.id} />}
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
