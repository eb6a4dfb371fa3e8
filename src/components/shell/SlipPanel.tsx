import { Trans } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';

/** The right panel is reserved for the slip builder (issue 5); until then it says so plainly. */
export function SlipPanel({ variant = 'side' }: { variant?: 'side' | 'drawer' }) {
  return (
    <aside className={variant === 'side' ? 'slip-panel' : 'slip-panel in-drawer'} aria-labelledby="slip-panel-title">
      <h2 id="slip-panel-title" className="panel-title">
        <Icon name="slip" size={20} />
        <Trans>Ficha</Trans>
      </h2>
      <p className="muted">
        <Trans>O construtor de fichas ainda não está disponível nesta versão.</Trans>
      </p>
    </aside>
  );
}
