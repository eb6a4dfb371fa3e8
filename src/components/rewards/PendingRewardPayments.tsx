import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { refreshPaymentsAtom } from '../../state/licence.ts';
import { onlineAtom } from '../../state/network.ts';
import type { StartedPayment } from '../../lib/licence-rules.ts';
import { PaymentFrame } from '../licence/PaymentFrame.tsx';
import { PaymentList } from '../licence/PaymentList.tsx';

/**
 * Above the sent rewards: a reward whose payment was left before paying (a frame closed, a Multicaixa reference not
 * yet paid) can be paid now or given up (the reward is then refunded).
 */
export function PendingRewardPayments() {
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshPaymentsAtom);
  const [payment, setPayment] = useState<StartedPayment | null>(null);
  useEffect(() => {
    if (online) void refresh(false);
  }, [online, refresh]);
  return (
    <>
      <PaymentList which={(p) => p.finalidade === 'recompensa' && p.estado === 'pendente'} onResume={setPayment} limit={3} />
      {payment && (
        <PaymentFrame
          payment={payment}
          purpose="recompensa"
          onEnded={() => setPayment(null)}
          note={<Trans>Depois de pagar, a recompensa é enviada e actualizada aqui.</Trans>}
          onClose={() => setPayment(null)}
        />
      )}
    </>
  );
}
