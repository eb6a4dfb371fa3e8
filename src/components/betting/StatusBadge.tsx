import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { Icon, type IconName } from '../Icon.tsx';

/** An icon with its label, coloured by kind (bet states, slip states, sync states). */
export function StatusBadge({ kind, status, icon, label }: { kind: 'bet' | 'slip' | 'sync'; status: string; icon: IconName; label: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <span className={`status-badge ${kind}-${status}`}>
      <Icon name={icon} inline size={14} />
      {i18n._(label)}
    </span>
  );
}
