import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { BetIcon, type BetIconName } from './BetIcon.tsx';

/** An icon with its label, coloured by kind (bet states, slip states, sync states). */
export function StatusBadge({ kind, status, icon, label }: { kind: 'bet' | 'slip' | 'sync'; status: string; icon: BetIconName; label: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <span className={`status-badge ${kind}-${status}`}>
      <BetIcon name={icon} size={14} />
      {i18n._(label)}
    </span>
  );
}
