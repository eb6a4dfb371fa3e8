import { useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { signOutAtom } from '../state/session.ts';

/** SPEC §8: a render failure offers reload and sign-out. */
export function ErrorFallback() {
  const signOut = useSetAtom(signOutAtom);
  return (
    <div className="centre-page" role="alert">
      <h1>
        <Trans>Algo correu mal</Trans>
      </h1>
      <p className="muted">
        <Trans>Não foi possivel mostrar esta página. O que guardaste neste telemóvel não se perdeu.</Trans>
      </p>
      <div className="row">
        <button type="button" className="button" onClick={() => location.reload()}>
          <Trans>Recarregar</Trans>
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void signOut().finally(() => location.assign('/'))}
        >
          <Trans>Terminar sessão</Trans>
        </button>
      </div>
    </div>
  );
}
