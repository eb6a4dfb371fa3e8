import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import type { ExploreRequest } from '../../lib/explore-filters.ts';
import { exploreMetaAtom, exploreSlipsAtom, exploreTipsAtom, exploreUsersAtom } from '../../state/explore.ts';
import { PENDING, type Pending } from '../../state/live-atom.ts';
import { SlipCard } from '../betting/SlipCard.tsx';
import { CommunityList } from './CommunityList.tsx';
import { TipList } from './TipList.tsx';

function Empty({ online, loaded, failed }: { online: boolean; loaded: boolean; failed: boolean }) {
  if (loaded) {
    return (
      <p className="notice">
        <Trans>Nada encontrado com estes filtros.</Trans>
      </p>
    );
  }
  if (failed && online) {
    return (
      <p className="notice">
        <Trans>Não foi possivel carregar esta pesquisa. Tenta de novo daqui a pouco.</Trans>
      </p>
    );
  }
  return online ? (
    <span className="spinner-small" aria-hidden="true" />
  ) : (
    <p className="notice">
      <Trans>Esta pesquisa ainda não foi guardada neste telemóvel. Liga-te à internet para a ver.</Trans>
    </p>
  );
}

interface Props {
  request: ExploreRequest;
  online: boolean;
  failed: boolean;
}

function listOf<T>(value: T[] | undefined | Pending): { items: T[]; loaded: boolean } {
  if (value === PENDING || value === undefined) return { items: [], loaded: false };
  return { items: value, loaded: true };
}

function Tips({ request, online, failed }: Props) {
  const { items, loaded } = listOf(useAtomValue(exploreTipsAtom(request.key)));
  return items.length > 0 ? <TipList tips={items} /> : <Empty online={online} loaded={loaded} failed={failed} />;
}

function Slips({ request, online, failed }: Props) {
  const { items, loaded } = listOf(useAtomValue(exploreSlipsAtom(request.key)));
  if (items.length === 0) return <Empty online={online} loaded={loaded} failed={failed} />;
  return (
    <div className="slip-cards">
      {items.map((slip) => (
        <SlipCard key={slip.id} slip={slip} />
      ))}
    </div>
  );
}

function Community({ request, online, failed }: Props) {
  const { items, loaded } = listOf(useAtomValue(exploreUsersAtom(request.key)));
  return items.length > 0 ? <CommunityList users={items} /> : <Empty online={online} loaded={loaded} failed={failed} />;
}

/** The results of the current Explore search, from the phone's store (fresh when online). */
export function ExploreResults({ request, online }: { request: ExploreRequest; online: boolean }) {
  const meta = useAtomValue(exploreMetaAtom(request.key));
  const failed = meta !== PENDING && !!meta?.error;
  if (request.kind === 'apostas') return <Tips request={request} online={online} failed={failed} />;
  if (request.kind === 'fichas') return <Slips request={request} online={online} failed={failed} />;
  return <Community request={request} online={online} failed={failed} />;
}
