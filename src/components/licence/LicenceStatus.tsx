import { Trans, useLingui } from '@lingui/react/macro';
import type { Licenca, LicenceState } from '../../../contract/schemas/licence.ts';
import { formatExpiry } from '../../lib/licence-rules.ts';
import { Icon } from '../Icon.tsx';

/** The licence as it stands: its state, plan and expiry, with the notice its state calls for (SPEC §4). */
export function LicenceStatus({
  licence,
  state,
  expiring,
  onActivate,
  activating,
  online,
}: {
  licence: Licenca;
  state: LicenceState;
  expiring: boolean;
  onActivate: () => void;
  activating: boolean;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const stateLabel: Record<LicenceState, string> = {
    pendente: t`Pendente`,
    habilitada: t`Activa`,
    expirada: t`Expirada`,
    bloqueada: t`Bloqueada`,
  };
  const planLabel: Record<string, string> = {
    experimental: t`Período experimental`,
    mensal: t`Mensal`,
    trimestral: t`Trimestral`,
    anual: t`Anual`,
  };
  const expiry = licence.expiraEm ? formatExpiry(licence.expiraEm, i18n.locale === 'en' ? 'en-GB' : 'pt-PT') : '';
  return (
    <div className={`licence-card licence-${state}`}>
      <dl className="licence-facts">
        <div>
          <dt>
            <Trans>Estado</Trans>
          </dt>
          <dd>
            <span className={`licence-state licence-state-${state}`}>{stateLabel[state]}</span>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Plano</Trans>
          </dt>
          <dd>{planLabel[licence.tipo] ?? licence.tipo}</dd>
        </div>
        {expiry && (
          <div>
            <dt>{state === 'expirada' ? <Trans>Expirou em</Trans> : <Trans>Expira em</Trans>}</dt>
            <dd data-testid="licence-expiry">{expiry}</dd>
          </div>
        )}
      </dl>
      {expiring && state === 'habilitada' && (
        <p className="licence-warning" role="status">
          <Icon name="warning" inline /> <Trans>A sua subscrição termina em menos de 3 dias. Renove para não perder o acesso.</Trans>
        </p>
      )}
      {state === 'expirada' && (
        <p className="licence-warning" role="alert">
          <Icon name="warning" inline /> <Trans>A sua subscrição expirou. Renove para voltar a criar fichas e pedir palpites.</Trans>
        </p>
      )}
      {state === 'bloqueada' && (
        <p className="licence-warning">
          <Icon name="blocked" inline /> <Trans>A sua subscrição está bloqueada</Trans>
        </p>
      )}
      {state === 'pendente' && (
        <div className="licence-pending">
          <p>
            <Trans>A sua subscrição ainda não foi activada. Comece pelo período experimental de 3 dias ou escolha um plano.</Trans>
          </p>
          <button type="button" className="button" onClick={onActivate} disabled={activating || !online}>
            <Trans>Activar período experimental</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
