import { Trans } from '@lingui/react/macro';
import { Logo } from './Logo.tsx';

export function MaintenancePage() {
  return (
    <div className="centre-page">
      <Logo size={48} />
      <h1>
        <Trans>Em manutenção</Trans>
      </h1>
      <p className="muted">
        <Trans>Voltamos dentro de momentos. As tuas fichas e mensagens guardadas neste telemóvel estão seguras.</Trans>
      </p>
      <button type="button" className="button" onClick={() => location.reload()}>
        <Trans>Tentar de novo</Trans>
      </button>
    </div>
  );
}
