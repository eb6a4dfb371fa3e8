import { lazy, Suspense } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import type { Ficha } from '../../../contract/schemas/slips.ts';
import { slipActionAtom } from '../../state/slips.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { withLaterCatalog } from '../../i18n/later-catalog.ts';
import { Icon } from '../Icon.tsx';
import { ShareSlipButton } from '../share/ShareSlipButton.tsx';

// Lists pass copy={false}: the copy button and the share and stale-check state it brings load only where it shows.
const CopyToSlipButton = lazy(() =>
  withLaterCatalog(() => import('../stale/CopyToSlipButton.tsx'))().then((module) => ({ default: module.CopyToSlipButton })),
);

/**
 * What a signed-in user can do with a slip: the owner publishes or hides it (SPEC §4 Slip list filters); others
 * save or unsave it; anybody copies its legs still open, at current odds, into the slip builder (the one copy rule).
 */
export function SlipActions({ ficha, copy = true }: { ficha: Ficha; copy?: boolean }) {
  const user = useAtomValue(sessionUserAtom);
  const act = useSetAtom(slipActionAtom);
  const toast = useSetAtom(showToastAtom);
  if (!user) return null;
  const own = ficha.usuario.id === user.id;
  const local = ficha.id.startsWith('local:');

  // The change shows at once on the slip with its sync state; only a phone that cannot save it says so.
  const run = async (action: 'slip.publish' | 'slip.hide' | 'slip.save' | 'slip.unsave') => {
    const result = await act({ slipId: ficha.id, action });
    if (!result.ok) toast({ kind: 'error', text: translateServerMessage(result.message) });
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
        <Suspense fallback={null}>
          <CopyToSlipButton selections={ficha.selecoes} variant="secondary" />
        </Suspense>
      )}
    </div>
  );
}
