import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import type { ExploreRequest } from '../../lib/explore-filters.ts';
import { exploreMetaAtom, exploreSlipsAtom, exploreTipsAtom, exploreUsersAtom } from '../../state/explore.ts';
import { PENDING, type Pending } from '../../state/live-atom.ts';
import { SlipCard } from '../betting/SlipCard.tsx';
import { VirtualList } from '../list/VirtualList.tsx';
import { CommunityList } from './CommunityList.tsx';
import { TipList } from './TipList.tsx';
import { folded, narrowed, slipMatches, tipMatches, userMatches } from './search-tag.ts';
import { useLoadMore } from './use-load-more.ts';

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
  /** The search tag, folded (search-tag.ts); empty for none. */
  tag: string;
}

function listOf<T>(value: T[] | undefined | Pending): { items: T[]; loaded: boolean } {
  if (value === PENDING || value === undefined) return { items: [], loaded: false };
  return { items: value, loaded: true };
}

/** A list of Explore results with the next page asked for as its end nears (use-load-more.ts). */
function Paged({ request, online, held, children }: { request: ExploreRequest; online: boolean; held: number; children: ReactNode }) {
  const { end, loading } = useLoadMore(request, held, online);
  return (
    <>
      {children}
      <div ref={end} className="list-end" aria-busy={loading}>
        {loading && <span className="spinner-small" aria-hidden="true" />}
      </div>
    </>
  );
}

function Tips({ request, online, failed, tag }: Props) {
  const { items, loaded } = listOf(useAtomValue(exploreTipsAtom(request.key)));
  const shown = narrowed(items, tag, tipMatches);
  return (
    <Paged request={request} online={online} held={items.length}>
      {shown.length > 0 ? <TipList tips={shown} /> : <Empty online={online} loaded={loaded} failed={failed} />}
    </Paged>
  );
}

function Slips({ request, online, failed, tag }: Props) {
  const { items, loaded } = listOf(useAtomValue(exploreSlipsAtom(request.key)));
  const shown = narrowed(items, tag, slipMatches);
  return (
    <Paged request={request} online={online} held={items.length}>
      {shown.length === 0 ? (
        <Empty online={online} loaded={loaded} failed={failed} />
      ) : (
        <VirtualList items={shown} itemKey={(slip) => slip.id} className="slip-cards" gap={10}>
          {(slip) => <SlipCard slip={slip} />}
        </VirtualList>
      )}
    </Paged>
  );
}

function Community({ request, online, failed, tag }: Props) {
  const { items, loaded } = listOf(useAtomValue(exploreUsersAtom(request.key)));
  const shown = narrowed(items, tag, userMatches);
  return (
    <Paged request={request} online={online} held={items.length}>
      {shown.length > 0 ? <CommunityList users={shown} /> : <Empty online={online} loaded={loaded} failed={failed} />}
    </Paged>
  );
}

/** The results of the current Explore search, from the phone's store (fresh when online), narrowed by the search tag. */
export function ExploreResults({ request, online, searchTag }: { request: ExploreRequest; online: boolean; searchTag: string }) {
  const meta = useAtomValue(exploreMetaAtom(request.key));
  const failed = meta !== PENDING && !!meta?.error;
  const tag = folded(searchTag);
  if (request.kind === 'apostas') return <Tips request={request} online={online} failed={failed} tag={tag} />;
  if (request.kind === 'fichas') return <Slips request={request} online={online} failed={failed} tag={tag} />;
  return <Community request={request} online={online} failed={failed} tag={tag} />;
}
