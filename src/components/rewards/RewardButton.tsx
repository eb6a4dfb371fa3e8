import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { normalizeUsername } from '../../../contract/normalize.ts';
import { sessionUserAtom } from '../../state/session.ts';
import { RewardDialog, type RewardRecipient } from './RewardDialog.tsx';
import '../licence/licence.css';
import './rewards.css';

/**
 * "Recompensar" on a profile or a published slip: opens the reward dialog for its author. Not shown to visitors
 * without a session, nor on one's own profile or slip (the server refuses a reward to oneself anyway).
 */
export function RewardButton({ recipient, fichaId }: { recipient: RewardRecipient; fichaId?: string }) {
  const self = useAtomValue(sessionUserAtom);
  const [open, setOpen] = useState(false);
  if (!self || self.id === recipient.id || self.nomeUsuario === normalizeUsername(recipient.nomeUsuario)) return null;
  return (
    <div className="reward-action">
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        <Trans>Recompensar</Trans>
      </button>
      {open && <RewardDialog recipient={recipient} fichaId={fichaId} onClose={() => setOpen(false)} />}
    </div>
  );
}
