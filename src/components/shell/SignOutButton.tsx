import { useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { signOutAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { Icon } from '../Icon.tsx';

export function SignOutButton({ onDone }: { onDone?: () => void }) {
  const signOut = useSetAtom(signOutAtom);
  const showToast = useSetAtom(showToastAtom);
  const [, navigate] = useLocation();
  const { t } = useLingui();
  const handle = async () => {
    const result = await signOut();
    if (!result.reachedServer) showToast({ kind: 'error', text: t`Sem rede` });
    onDone?.();
    navigate('/');
  };
  return (
    <button type="button" className="menu-link sign-out" onClick={() => void handle()}>
      <Icon name="logout" />
      <span>
        <Trans>Terminar sessão</Trans>
      </span>
    </button>
  );
}
