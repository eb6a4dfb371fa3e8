import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Reward } from '../../../contract/schemas/rewards.ts';
import { formatKz } from '../../lib/format.ts';
import { brand } from '../../i18n/brand.ts';
import { RewardState } from './RewardState.tsx';
import { rewardHref, rewardTime } from './reward-labels.ts';
import { shownHandle } from '../../../contract/official-account.ts';

/** One reward in a list: to or from whom, how much, its state, its message and when; a link to its page when it has one. */
export function RewardItem({ reward, selfId }: { reward: Reward; selfId: string | null }) {
  const { t } = useLingui();
  const sent = reward.remetente.id === selfId;
  const other = sent ? reward.destinatario : reward.remetente;
  const handle = shownHandle(other.nomeUsuario, brand.locale);
  const href = rewardHref(reward, selfId);
  const amount = formatKz(reward.valor);
  return (
    <li className="reward-item">
      <div className="reward-item-head">
        <span className="reward-who">{sent ? <Trans>Para @{handle}</Trans> : <Trans>De @{handle}</Trans>}</span>
        <strong className="reward-amount">{amount}</strong>
      </div>
      <div className="reward-item-meta">
        <RewardState estado={reward.estado} />
        <time className="muted small" dateTime={reward.createdAt}>
          {rewardTime(reward.createdAt, brand.locale)}
        </time>
      </div>
      {reward.mensagem && <p className="reward-message">{reward.mensagem}</p>}
      {href && (
        <Link href={href} className="reward-link" aria-label={t`Ver detalhes da recompensa de ${amount} (@${handle})`}>
          <Trans>Ver detalhes</Trans>
        </Link>
      )}
    </li>
  );
}
