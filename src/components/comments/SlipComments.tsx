import { useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../../contract/limits.ts';
import { commentsAtom, commentsMetaAtom, pullCommentsAtom, type CommentsOutcome } from '../../state/comments.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { onlineAtom } from '../../state/network.ts';
import { PENDING } from '../../state/live-atom.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../use-refresh-while-visible.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItemView } from './CommentItemView.tsx';
import './comments.css';

const PAGE = 20;

/**
 * A slip's comments (slip page and public slip): the box to add one on top, then the comments newest first (the
 * server's order, so the newest is next to the box and older ones load below with "Ver mais comentários").
 */
export function SlipComments({ fichaId }: { fichaId: string }) {
  const user = useAtomValue(sessionUserAtom);
  const online = useAtomValue(onlineAtom);
  const [limit, setLimit] = useState(PAGE);
  const comments = useAtomValue(commentsAtom(fichaId, limit));
  const meta = useAtomValue(commentsMetaAtom(fichaId));
  const pull = useSetAtom(pullCommentsAtom);
  const [outcome, setOutcome] = useState<CommentsOutcome | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const headingId = useId();
  const local = fichaId.startsWith('local:');

  useRefreshWhileVisible(online && user !== null && !local && fichaId !== '', REFRESH_LISTS_MS, `${fichaId}:${user?.id ?? ''}`, (isCurrent) =>
    void pull({ fichaId }).then((result) => {
      if (isCurrent()) setOutcome(result);
    }),
  );

  const heading = (
    <h2 id={headingId} className="comments-title">
      <Trans>Comentários</Trans>
    </h2>
  );
  if (!user) {
    return (
      <section className="comments" aria-labelledby={headingId}>
        {heading}
        <p className="muted">
          <Trans>
            <Link href={`/login?callbackUrl=${encodeURIComponent(location.pathname)}`}>Entre</Link> para ver e escrever comentários.
          </Trans>
        </p>
      </section>
    );
  }
  if (local) {
    return (
      <section className="comments" aria-labelledby={headingId}>
        {heading}
        <p className="muted">
          <Trans>Os comentários abrem quando a ficha chegar ao servidor.</Trans>
        </p>
      </section>
    );
  }

  const list = comments === PENDING ? null : comments;
  const metaRow = meta === PENDING ? undefined : meta;
  // More to show: rows held beyond what is shown, or older ones the server still has.
  const more = list !== null && (list.length >= limit || (metaRow !== undefined && metaRow.noMore === false));
  const showMore = async () => {
    setLoadingMore(true);
    if (list && list.length < limit + PAGE && metaRow?.noMore === false) await pull({ fichaId, older: true });
    setLimit((current) => current + PAGE);
    setLoadingMore(false);
  };

  return (
    <section className="comments" aria-labelledby={headingId}>
      {heading}
      {outcome === 'missing' ? (
        <p className="notice">
          <Trans>Os comentários desta ficha não estão disponíveis: a ficha foi ocultada ou apagada.</Trans>
        </p>
      ) : (
        <CommentForm fichaId={fichaId} />
      )}
      {metaRow?.error && <p className="last-updated-error small">{translateServerMessage(metaRow.error)}</p>}
      {list === null ? (
        <span className="spinner-small" aria-hidden="true" />
      ) : list.length === 0 ? (
        <p className="muted">
          {metaRow || online ? <Trans>Ainda não há comentários. Seja o primeiro a comentar.</Trans> : <Trans>Os comentários aparecem quando houver ligação.</Trans>}
        </p>
      ) : (
        <ol className="comment-list">
          {list.map((comment) => (
            <CommentItemView key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {more && (
        <button type="button" className="button button-secondary button-small" disabled={loadingMore || (!online && list !== null && list.length < limit)} onClick={() => void showMore()}>
          <Trans>Ver mais comentários</Trans>
        </button>
      )}
    </section>
  );
}
