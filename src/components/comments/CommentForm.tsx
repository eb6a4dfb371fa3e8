import { useId, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { COMMENT_MAX } from '../../../contract/limits.ts';
import { sendCommentAtom } from '../../state/comments.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/** The box that adds a comment: saved on this phone at once and sent through the outbox (works offline). */
export function CommentForm({ fichaId }: { fichaId: string }) {
  const send = useSetAtom(sendCommentAtom);
  const [texto, setTexto] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const length = texto.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await send({ fichaId, texto });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    setTexto('');
  };

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-texto`} className="comment-label">
        <Trans>Comentário</Trans>
      </label>
      <textarea
        id={`${id}-texto`}
        className="comment-input"
        rows={2}
        value={texto}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => {
          setTexto(event.target.value);
          if (problem) setProblem(null);
        }}
      />
      <div className="comment-form-foot">
        <span id={`${id}-count`} className={`comment-count${length > COMMENT_MAX ? ' over' : ''}`}>
          {length}/{COMMENT_MAX}
        </span>
        <button type="submit" className="button button-small" disabled={busy}>
          <Trans>Comentar</Trans>
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="form-error" role="alert">
          {translateServerMessage(problem)}
        </p>
      )}
    </form>
  );
}
