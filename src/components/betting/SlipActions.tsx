import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { slipActionAtom } from '../../state/slips.ts';
import { copySlipAtom, draftSlipAtom } from '../../state/slip-builder.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { Icon } from '../Icon.tsx';
import { ShareSlipButton } from '../share/ShareSlipButton.tsx';

/**
 * What a signed-in user can do with a slip: the owner publishes or hides it (SPEC §4 Slip list filters); others
 * save or unsave it; anybody copies its open selections into the slip builder.
 */
export function SlipActions({ ficha, copy = true }: { ficha: Ficha; copy?: boolean }) {
  const user = useAtomValue(sessionUserAtom);
  const act = useSetAtom(slipActionAtom);
  const copySlip = useSetAtom(copySlipAtom);
  const draft = useAtomValue(draftSlipAtom);
  const toast = useSetAtom(showToastAtom);
  const { t } = useLingui();
  if (!user) return null;
  const own = ficha.usuario.id === user.id;
  const local = ficha.id.startsWith('local:');

  // The change shows at once on the slip with its sync state; only a phone that cannot save it says so.
  const run = async (action: 'slip.publish' | 'slip.hide' | 'slip.save' | 'slip.unsave') => {
    const result = await act({ slipId: ficha.id, action });
    if (!result.ok) toast({ kind: 'error', text: translateServerMessage(result.message) });
  };

  const copyIntoSlip = async () => {
    const before = draft.selections.length;
    const next = await copySlip(ficha.selecoes);
    const added = next.selections.length - before;
    toast(
      added > 0
        ? { kind: 'success', text: plural(added, { one: '# selecção copiada para a sua ficha', other: '# selecções copiadas para a sua ficha' }) }
        : { kind: 'info', text: t`Nenhuma selecção pendente nova para copiar` },
    );
  };

  const pendingLegs = ficha.selecoes.some((selection) => selection.bet_status === 'pending');
  return (
    <div className="slip-actions">
      {own && !local && ficha.publicada && (
        <button type="button" className="button button-small button-secondary" onClick={() => void run('slip.hide')}>
          <Icon name="eye-off" inline />
          <Trans>Ocultar</Trans>
        </button>
      )}
      {own && !local && !ficha.publicada && (
        <button type="button" className="button button-small button-secondary" onClick={() => void run('slip.publish')}>
          <Icon name="eye" inline />
          <Trans>Publicar</Trans>
        </button>
      )}
      {!own && ficha.guardada && (
        <button type="button" className="button button-small button-secondary" onClick={() => void run('slip.unsave')}>
          <Icon name="bookmark" inline />
          <Trans>Remover das guardadas</Trans>
        </button>
      )}
      {!own && !ficha.guardada && ficha.publicada && (
        <button type="button" className="button button-small button-secondary" onClick={() => void run('slip.save')}>
          <Icon name="bookmark" inline />
          <Trans>Guardar</Trans>
        </button>
      )}
      <ShareSlipButton ficha={ficha} />
      {copy && pendingLegs && (
        <button type="button" className="button button-small button-secondary" onClick={() => void copyIntoSlip()}>
          <Icon name="copy" inline />
          <Trans>Copiar para a ficha</Trans>
        </button>
      )}
    </div>
  );
}
