import { Link } from 'wouter';
import type { CommentItem } from '../../state/comments.ts';
import { messageTime } from '../../lib/format.ts';
import { CommentState } from './CommentState.tsx';

/** One comment: who wrote it (a link to their profile), when, the text, and for one's own where it stands. */
export function CommentItemView({ comment }: { comment: CommentItem }) {
  const name = comment.authorName || comment.authorHandle;
  return (
    <li className={`comment comment-${comment.sync}`}>
      <span className="avatar-letter comment-avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <div className="comment-body">
        <p className="comment-head">
          {comment.authorHandle ? (
            <Link href={`/${comment.authorHandle}`} className="comment-author">
              {name}
            </Link>
          ) : (
            <span className="comment-author">{name}</span>
          )}
          <time className="comment-time" dateTime={comment.createdAt}>
            {messageTime(comment.createdAt)}
          </time>
        </p>
        <p className="comment-text">{comment.texto}</p>
        {comment.own && <CommentState id={comment.id} sync={comment.sync} />}
      </div>
    </li>
  );
}
