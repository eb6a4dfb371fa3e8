import { useAtomValue, useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import type { Selection } from '../../../contract/schemas/slips.ts';
import { DRAFT_SLIP_MAX } from '../../../contract/limits.ts';
import { addToSlipAtom, draftSlipAtom, removeFromSlipAtom } from '../../state/slip-builder.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { isSameChoice } from '../../lib/selection.ts';

/**
 * Pressing an odds choice adds its selection to the slip; pressing it again removes it (SPEC §4 Bet slip: adding is
 * ignored at 50 selections or when the event is already in the slip; the screen says why).
 */
export function useSlipToggle() {
  const draft = useAtomValue(draftSlipAtom);
  const add = useSetAtom(addToSlipAtom);
  const remove = useSetAtom(removeFromSlipAtom);
  const toast = useSetAtom(showToastAtom);
  const { t } = useLingui();

  const isPicked = (eventId: string, pick: { type: string; choice: string }) => draft.selections.some((held) => isSameChoice(held, eventId, pick));

  const toggle = async (selection: Selection) => {
    if (isPicked(selection.event_id, selection.event_selection)) {
      await remove(selection.event_id);
      return;
    }
    if (draft.selections.some((held) => held.event_id === selection.event_id)) {
      toast({ kind: 'info', text: t`Este jogo já está na sua ficha. Remova a selecção dele para escolher outra.` });
      return;
    }
    if (draft.selections.length >= DRAFT_SLIP_MAX) {
      toast({ kind: 'error', text: t`A sua ficha já tem ${DRAFT_SLIP_MAX} selecções` });
      return;
    }
    await add(selection);
  };

  return { isPicked, toggle };
}
