import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { signOutAtom } from '../../state/session.ts';
import { pendingCountAtom } from '../../state/outbox.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { Icon } from '../Icon.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

/**
 * Sign-out; with changes still waiting on this phone it warns first: they stay here and are sent only when the same
 * account signs in again, so signing out loses nothing but does delay it.
 */
export function SignOutButton({ onDone }: { onDone?: () => void }) {
  const signOut = useSetAtom(signOutAtom);
  const showToast = useSetAtom(showToastAtom);
  const pending = useAtomValue(pendingCountAtom);
  const [confirming, setConfirming] = useState(false);
  const [, navigate] = useLocation();
  const { t } = useLingui();
  const run = async () => {
    setConfirming(false);
    const result = await signOut();
    if (!result.reachedServer) showToast({ kind: 'error', text: t`Sem rede` });
    onDone?.();
    navigate('/');
  };
  return (
    <>
      <button type="button" className="menu-link sign-out" onClick={() => (pending > 0 ? setConfirming(true) : void run())}>
        <Icon name="logout" />
        <span>
          <Trans>Terminar sessão</Trans>
        </span>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t`Há alterações por enviar`}
          confirmLabel={t`Terminar sessão`}
          cancelLabel={t`Ficar`}
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <Plural
              value={pending}
              one="Tens # alteração guardada neste telemóvel que ainda não foi enviada."
              other="Tens # alterações guardadas neste telemóvel que ainda não foram enviadas."
            />{' '}
            <Trans>Ficam guardadas e só serão enviadas quando voltares a entrar com esta conta.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
