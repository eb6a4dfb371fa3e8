import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { followAtom, type ProfileView } from '../../state/profile.ts';
import { discardEntryAtom, retryEntryAtom } from '../../state/outbox.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';

/**
 * SPEC §4 Follow button: "Seguir", "Deixar de seguir", and while the change waits on this phone "A seguir…" or
 * "A deixar de seguir…" with where it is (saved here, sending); a refusal shows the server's reason with retry and
 * discard.
 */
export function FollowButton({ profile }: { profile: ProfileView }) {
  const follow = useSetAtom(followAtom);
  const retry = useSetAtom(retryEntryAtom);
  const discard = useSetAtom(discardEntryAtom);
  const [problem, setProblem] = useState<string | null>(null);
  const change = profile.change;

  if (change?.sync === 'rejected') {
    return (
      <div className="follow-refused" role="alert">
        <span className="follow-state rejected">
          <Icon name="warning" size={14} />
          {change.error ? translateServerMessage(change.error) : <Trans>Recusado</Trans>}
        </span>
        <span className="follow-actions">
          <button type="button" className="button button-small" onClick={() => void retry({ mutationId: change.mutationId })}>
            <Trans>Tentar de novo</Trans>
          </button>
          <button type="button" className="button button-small button-secondary" onClick={() => void discard(change.mutationId)}>
            <Trans>Descartar</Trans>
          </button>
        </span>
      </div>
    );
  }

  if (change) {
    return (
      <div className="follow-waiting">
        <button type="button" className="button button-secondary" disabled aria-describedby="follow-state">
          {change.follow ? <Trans>A seguir…</Trans> : <Trans>A deixar de seguir…</Trans>}
        </button>
        <span id="follow-state" className="follow-state" role="status">
          <Icon name="pending" size={14} />
          {change.sync === 'sending' ? (
            <Trans>A enviar...</Trans>
          ) : change.sync === 'paused' ? (
            <Trans>À espera que voltes a entrar</Trans>
          ) : (
            <Trans>Guardado neste telemóvel</Trans>
          )}
        </span>
      </div>
    );
  }

  const toggle = async () => {
    const result = await follow({ target: { id: profile.id, nomeUsuario: profile.nomeUsuario }, follow: !profile.isFollowing });
    setProblem(result.ok ? null : result.message);
  };
  return (
    <>
      {profile.isFollowing ? (
        <button type="button" className="button button-secondary" onClick={() => void toggle()}>
          <Trans>Deixar de seguir</Trans>
        </button>
      ) : (
        <button type="button" className="button" onClick={() => void toggle()}>
          <Trans>Seguir</Trans>
        </button>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {translateServerMessage(problem)}
        </p>
      )}
    </>
  );
}
