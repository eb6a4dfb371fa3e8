import { useLingui } from '@lingui/react/macro';
import type { Reward } from '../../../contract/schemas/rewards.ts';
import { REWARD_STATE_LABEL, rewardStateTone } from './reward-labels.ts';

/** A reward's state in words, coloured by what it means (waiting, paid, given back). */
export function RewardState({ estado }: { estado: Reward['estado'] }) {
  const { i18n } = useLingui();
  return <span className={`reward-state reward-state-${rewardStateTone(estado)}`}>{i18n._(REWARD_STATE_LABEL[estado])}</span>;
}
