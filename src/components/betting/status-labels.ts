import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BetStatus, SlipState } from '../../../contract/schemas/slips.ts';
import type { SyncState } from '../../state/outbox.ts';
import type { IconName } from '../Icon.tsx';

/** Each selection's bet_status with its own icon and label (SPEC §4). */
export const BET_STATUS: Record<BetStatus, { icon: IconName; label: MessageDescriptor }> = {
  pending: { icon: 'pending', label: msg`Pendente` },
  blocked: { icon: 'blocked', label: msg`Bloqueada` },
  failed: { icon: 'failed', label: msg`Perdida` },
  won: { icon: 'won', label: msg`Ganha` },
  void: { icon: 'void', label: msg`Anulada` },
};

export const SLIP_STATE: Record<SlipState, { icon: IconName; label: MessageDescriptor }> = {
  pending: { icon: 'pending', label: msg`Pendente` },
  won: { icon: 'won', label: msg`Ganha` },
  failed: { icon: 'failed', label: msg`Perdida` },
  void: { icon: 'void', label: msg`Anulada` },
};

/** Where a slip made on this phone is on its way to the server (DESIGN §3). */
export const SYNC_STATE: Record<SyncState, { icon: IconName; label: MessageDescriptor }> = {
  saved: { icon: 'cloud', label: msg`Guardada neste telemóvel, por enviar` },
  sending: { icon: 'cloud', label: msg`A enviar...` },
  paused: { icon: 'blocked', label: msg`À espera que voltes a entrar` },
  rejected: { icon: 'warning', label: msg`Recusada` },
  sent: { icon: 'check', label: msg`Enviada` },
};
