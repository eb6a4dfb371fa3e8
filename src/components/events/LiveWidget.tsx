import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/** The external sports widget loader (SPEC §7 "a sports widget loader (language pt)"). */
const WIDGET_LOADER = 'https://widgets.sir.sportradar.com/sportradar/widgetloader';

/**
 * The live widget, loaded only when the user asks for it and the phone is online: it is a third-party script
 * and a data cost on 3G, so nothing is fetched before the toggle.
 */
export function LiveWidget({ eventId, locale }: { eventId: string; locale: string }) {
  const { t } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const script = document.createElement('script');
    script.src = WIDGET_LOADER;
    script.async = true;
    script.dataset.srLanguage = locale;
    script.addEventListener('load', () => setState('ready'));
    script.addEventListener('error', () => setState('failed'));
    container.appendChild(script);
    return () => script.remove();
  }, [locale]);
  return (
    <div className="live-widget" role="region" aria-label={t`Widget ao vivo`}>
      <div ref={host} className="sr-widget" data-sr-widget="match.lmtPlus" data-sr-match-id={eventId} />
      {state === 'loading' && (
        <p className="muted small">
          <Trans>A carregar o widget ao vivo...</Trans>
        </p>
      )}
      {state === 'failed' && (
        <p className="muted small">
          <Trans>Não foi possivel carregar o widget ao vivo.</Trans>
        </p>
      )}
    </div>
  );
}
