import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { baterFichaAtom, slipSavingAtom } from '../../state/slip-creation.ts';
import { onlineAtom } from '../../state/network.ts';
import { dismissToastAtom, showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';

/**
 * Bater Ficha with its toasts (SPEC §8: 'A bater ficha', 'Ficha criada com sucesso', 'Verifique a sua ficha'). Online
 * the new slip opens once the server has it; offline it is saved on this phone and sent later.
 */
export function useBaterFicha() {
  const bater = useSetAtom(baterFichaAtom);
  const saving = useAtomValue(slipSavingAtom);
  const online = useAtomValue(onlineAtom);
  const toast = useSetAtom(showToastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const [, navigate] = useLocation();
  const { t } = useLingui();

  const submit = async (oddsChange: boolean) => {
    const loading = online ? toast({ kind: 'loading', text: t`A bater ficha` }) : undefined;
    const outcome = await bater({ oddsChange, online });
    switch (outcome.kind) {
      case 'invalid':
        if (outcome.message) toast({ kind: 'error', text: `${t`Verifique a sua ficha`}: ${translateServerMessage(outcome.message)}`, replaces: loading });
        else if (loading !== undefined) dismiss(loading);
        break;
      case 'created':
        toast({ kind: 'success', text: t`Ficha criada com sucesso`, replaces: loading });
        navigate(`/dashboard/fichas/${outcome.id}`);
        break;
      case 'rejected':
        if (outcome.subscription) {
          toast({ kind: 'error', text: t`Verifique a sua subscrição`, action: { label: t`Ver subscrição`, href: '/dashboard/licenca' }, replaces: loading });
        } else {
          toast({ kind: 'error', text: `${t`Verifique a sua ficha`}: ${translateServerMessage(outcome.message)}`, replaces: loading });
        }
        navigate(`/dashboard/fichas/${outcome.localId}`);
        break;
      case 'queued':
        toast({
          kind: 'success',
          text: t`Ficha guardada neste telemóvel. Será enviada quando houver ligação.`,
          action: { label: t`Ver fichas`, href: '/dashboard/fichas' },
          replaces: loading,
        });
        break;
    }
  };

  return { saving, submit };
}
