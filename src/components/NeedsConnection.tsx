import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { onlineAtom } from '../state/network.ts';

/**
 * A screen this phone has not kept yet and cannot fetch: said in the app's frame, with a way back; once the phone is
 * online again it tries at once (and the "Tentar de novo" button too, for a connection that is there but failing).
 */
export function NeedsConnection({ onRetry }: { onRetry: () => void }) {
  const online = useAtomValue(onlineAtom);
  const [, navigate] = useLocation();
  useEffect(() => {
    addEventListener('online', onRetry);
    return () => removeEventListener('online', onRetry);
  }, [onRetry]);
  const back = () => {
    // A tab opened on this screen has nowhere to go back to: Explorar is the app's first screen.
    if (history.length > 1) history.back();
    else navigate('/explorar', { replace: true });
  };
  return (
    <section className="page" role="alert" aria-labelledby="needs-connection-title">
      <h1 className="page-title" id="needs-connection-title">
        <Trans>Este ecrã precisa de ligação</Trans>
      </h1>
      <p className="notice">
        <Trans>Ainda não foi guardado neste telemóvel. Liga-te à internet uma vez e passa a abrir também sem rede.</Trans>
      </p>
      <div className="row">
        <button type="button" className="button" onClick={back}>
          <Trans>Voltar</Trans>
        </button>
        {online && (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            <Trans>Tentar de novo</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
