import { useAtom, useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { dataSaverAtom, dataSaverChosenAtom, dataUsageAtom } from '../../state/data-saver.ts';
import { formatDataSize } from '../../lib/format.ts';

/**
 * The data saver: on, lists refresh half as often, photos and message images wait for a tap, and the live widget
 * only ever loads when asked (it never loads by itself). Below it, what this app has received on this phone.
 */
export function DataSaverSection() {
  const [on, setOn] = useAtom(dataSaverAtom);
  const chosen = useAtomValue(dataSaverChosenAtom);
  const usage = useAtomValue(dataUsageAtom);
  const { i18n } = useLingui();
  return (
    <section className="settings-section" aria-labelledby="settings-data">
      <h2 className="section-title" id="settings-data">
        <Trans>Poupança de dados</Trans>
      </h2>
      <label className="settings-switch">
        <input type="checkbox" role="switch" checked={on} onChange={(event) => setOn(event.target.checked)} />
        <span>
          <Trans>Poupar dados</Trans>
        </span>
      </label>
      <p className="settings-state">
        {on ? (
          <Trans>As listas actualizam-se com metade da frequência e as fotografias e imagens só carregam quando tocas nelas.</Trans>
        ) : (
          <Trans>As listas actualizam-se no ritmo normal e as imagens carregam sozinhas.</Trans>
        )}
        {!chosen && on && (
          <>
            {' '}
            <Trans>Ligado porque a tua ligação é lenta ou pede poupança de dados.</Trans>
          </>
        )}
      </p>
      <dl className="settings-usage">
        <div className="settings-row">
          <dt className="settings-label">
            <Trans>Dados usados nesta sessão</Trans>
          </dt>
          <dd className="settings-value" data-testid="data-session">
            {formatDataSize(usage.session, i18n.locale)}
          </dd>
        </div>
        <div className="settings-row">
          <dt className="settings-label">
            <Trans>Dados usados este mês</Trans>
          </dt>
          <dd className="settings-value" data-testid="data-month">
            {formatDataSize(usage.month, i18n.locale)}
          </dd>
        </div>
      </dl>
      <p className="settings-state">
        <Trans>Conta o que esta aplicação recebeu pela rede neste telemóvel; o que vem da memória do telemóvel não conta.</Trans>
      </p>
    </section>
  );
}
