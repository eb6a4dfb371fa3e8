import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { endAllSessionsAtom } from '../../state/session.ts';
import { pushStateAtom, setPushOnAtom } from '../../state/push.ts';
import { onlineAtom } from '../../state/network.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { StoreSizeNote } from '../StoreSizeNote.tsx';

/** Notifications on this phone, on or off (the Beams registration the push prompt uses). */
function PushToggle() {
  const state = useAtomValue(pushStateAtom);
  const setOn = useSetAtom(setPushOnAtom);
  const showToast = useSetAtom(showToastAtom);
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  if (state === 'unsupported') {
    return (
      <p className="muted">
        <Trans>Este navegador não recebe notificações.</Trans>
      </p>
    );
  }
  if (state === 'denied') {
    return (
      <p className="muted">
        <Trans>As notificações estão bloqueadas nas definições do navegador.</Trans>
      </p>
    );
  }
  const toggle = async (on: boolean) => {
    setPending(true);
    const outcome = await setOn(on);
    setPending(false);
    if (on && outcome !== 'registered') showToast({ kind: 'error', text: t`Não foi possivel activar as notificações` });
  };
  return (
    <label className="settings-switch">
      <input type="checkbox" role="switch" checked={state === 'on'} disabled={pending} onChange={(event) => void toggle(event.target.checked)} />
      <span>
        <Trans>Notificações neste telemóvel</Trans>
      </span>
    </label>
  );
}

/** Ends every session of the account; this phone is signed out too and goes to the landing page. */
function EndAllSessions() {
  const end = useSetAtom(endAllSessionsAtom);
  const showToast = useSetAtom(showToastAtom);
  const online = useAtomValue(onlineAtom);
  const [, navigate] = useLocation();
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setConfirming(false);
    setPending(true);
    const result = await end();
    setPending(false);
    showToast({ kind: result.ok ? 'success' : 'error', text: translateServerMessage(result.message) });
    if (result.ok) navigate('/');
  };
  return (
    <>
      {!online && (
        <p className="muted">
          <Trans>Precisas de rede para terminar a sessão nos outros dispositivos.</Trans>
        </p>
      )}
      <button type="button" className="button button-secondary" disabled={pending || !online} onClick={() => setConfirming(true)}>
        <Trans>Terminar sessão em todos os dispositivos</Trans>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t`Terminar sessão em todos os dispositivos`}
          confirmLabel={t`Terminar sessões`}
          cancelLabel={t`Cancelar`}
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <Trans>Todas as sessões desta conta terminam, incluindo a deste telemóvel.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

export function DevicesSection() {
  return (
    <section className="settings-section" aria-labelledby="settings-devices">
      <h2 className="section-title" id="settings-devices">
        <Trans>Este telemóvel e sessões</Trans>
      </h2>
      <PushToggle />
      <StoreSizeNote />
      <EndAllSessions />
    </section>
  );
}
