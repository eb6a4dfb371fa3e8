import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LicencePlan } from '../../contract/schemas/licence.ts';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { activateTrialAtom, licenceAtom, licenceMetaAtom, refreshLicenceAtom, refreshPaymentsAtom, renewLicenceAtom } from '../state/licence.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { showToastAtom } from '../state/toasts.ts';
import { canRenew, effectiveState, formatExpiry, isExpiring, schedulePrompts, type StartedPayment } from '../lib/licence-rules.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { useNow } from '../components/use-now.ts';
import { LicenceStatus } from '../components/licence/LicenceStatus.tsx';
import { RenewalPlans } from '../components/licence/RenewalPlans.tsx';
import { PaymentFrame } from '../components/licence/PaymentFrame.tsx';
import { PaymentList } from '../components/licence/PaymentList.tsx';
import { RenewalSections } from '../components/licence/RenewalSections.tsx';
import { LicenceDialog } from '../components/licence/LicenceDialog.tsx';
import '../components/licence/licence.css';

/** /dashboard/licenca: the subscription, its renewal by payment, by proof of transfer or by code (SPEC §4). */
export default function Licence() {
  const licence = useAtomValue(licenceAtom);
  const meta = useAtomValue(licenceMetaAtom);
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshLicenceAtom);
  const renew = useSetAtom(renewLicenceAtom);
  const activate = useSetAtom(activateTrialAtom);
  const toast = useSetAtom(showToastAtom);
  const { t, i18n } = useLingui();
  // The clock the rules read, moved on every minute so "expiring" and "expired" follow time.
  const now = useNow(60_000);
  const [popupOpen, setPopupOpen] = useState(false);
  // A renewal just asked for carries the server's word for it (SPEC §8 'Faça o pagamento…'), shown in the frame.
  const [payment, setPayment] = useState<(StartedPayment & { message?: string }) | null>(null);
  const [activating, setActivating] = useState(false);

  const refreshPayments = useSetAtom(refreshPaymentsAtom);
  useRefreshWhileVisible(online, REFRESH_LISTS_MS, 'licence', (_isCurrent, first) => {
    void refresh(first);
    void refreshPayments(first);
  });

  const loaded = licence !== PENDING && licence !== null ? licence : null;
  const state = loaded ? effectiveState(loaded.estado, loaded.expiraEm, now) : null;
  const locale = i18n.locale === 'en' ? 'en-GB' : 'pt-PT';
  const expiry = loaded?.expiraEm ? formatExpiry(loaded.expiraEm, locale) : '';

  // The prompts of SPEC §4 run once per licence state shown: when the page opens, and again if the state changes.
  const promptKey = loaded && state ? `${loaded.id}:${state}` : null;
  useEffect(() => {
    if (!promptKey || !state) return;
    return schedulePrompts(state, {
      toast: (kind) =>
        toast(
          kind === 'welcome'
            ? { kind: 'info', text: t`Bem-vindo! Active a sua subscrição para criar fichas e pedir palpites.` }
            : { kind: 'error', text: t`A sua subscrição expirou em ${expiry}` },
        ),
      openPopup: () => setPopupOpen(true),
    });
    // The prompts follow the licence's state only; the toast's wording is read when it fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [promptKey]);

  const choosePlan = async (plan: LicencePlan) => {
    const outcome = await renew(plan);
    if (outcome.kind === 'ok') {
      setPopupOpen(false);
      // The payment frame opening is the answer; a toast would only say so again, over the frame's title.
      setPayment(outcome);
    } else {
      toast({ kind: 'error', text: `${t`Não foi possivel solicitar a renovação desta subscrição`}: ${translateServerMessage(outcome.message)}` });
    }
  };

  const startTrial = async () => {
    setActivating(true);
    const outcome = await activate();
    setActivating(false);
    if (outcome.kind === 'ok') setPopupOpen(false);
    else toast({ kind: 'error', text: translateServerMessage(outcome.message) });
  };

  const paid = () => {
    setPayment(null);
    toast({ kind: 'success', text: t`A tua subscrição foi renovada` });
  };

  return (
    <section className="page licence-page">
      <div className="page-head">
        <h1 className="page-title">
          <Trans>Subscrição</Trans>
        </h1>
        {meta !== PENDING && meta && <LastUpdated at={meta.refreshedAt} error={meta.error} />}
      </div>
      {!online && (
        <p className="notice">
          <Trans>Sem ligação. Mostramos a subscrição como estava da última vez. Pagar, enviar o comprovativo e usar um código precisam de internet.</Trans>
        </p>
      )}
      {licence === PENDING ? null : !loaded || !state ? (
        <p className="notice">{online ? <Trans>A carregar a subscrição…</Trans> : <Trans>Esta subscrição ainda não foi carregada neste telemóvel.</Trans>}</p>
      ) : (
        <>
          <LicenceStatus
            licence={loaded}
            state={state}
            expiring={isExpiring(loaded.expiraEm, now)}
            onActivate={() => void startTrial()}
            activating={activating}
            online={online}
          />
          {canRenew(state) && <RenewalSections licence={loaded} online={online} onChoose={(plan) => void choosePlan(plan)} />}
          {popupOpen && canRenew(state) && (
            <LicenceDialog title={state === 'pendente' ? t`Active a sua subscrição` : t`Renove a sua subscrição`} onClose={() => setPopupOpen(false)}>
              {state === 'expirada' && (
                <p>
                  <Trans>A sua subscrição expirou em {expiry}. Escolha um plano para continuar.</Trans>
                </p>
              )}
              {state === 'pendente' && (
                <button type="button" className="button button-secondary" onClick={() => void startTrial()} disabled={activating || !online}>
                  <Trans>Activar período experimental</Trans>
                </button>
              )}
              <RenewalPlans online={online} onChoose={(plan) => void choosePlan(plan)} />
            </LicenceDialog>
          )}
          <PaymentList which={(p) => p.finalidade === 'licenca'} onResume={setPayment} />
          {payment && (
            <PaymentFrame payment={payment} onPaid={paid} onClose={() => setPayment(null)} said={payment.message && translateServerMessage(payment.message)} />
          )}
        </>
      )}
    </section>
  );
}
