import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import type { Reward } from '../../../contract/schemas/rewards.ts';
import { brand } from '../../i18n/brand.ts';
import { formatKz } from '../../lib/format.ts';
import { RewardState } from './RewardState.tsx';
import { rewardTime } from './reward-labels.ts';
import { shownHandle } from '../../../contract/official-account.ts';

/** One reward's facts: amount, state, who to whom, its message and slip, when sent and last changed. */
export function RewardDetail({ reward: shown }: { reward: Reward }) {
  const from = shownHandle(shown.remetente.nomeUsuario, brand.locale);
  const to = shownHandle(shown.destinatario.nomeUsuario, brand.locale);
  return (
    <dl className="reward-detail">
      <dt>
        <Trans>Montante</Trans>
      </dt>
      <dd>
        <strong>{formatKz(shown.valor)}</strong>
      </dd>
      <dt>
        <Trans>Estado</Trans>
      </dt>
      <dd>
        <RewardState estado={shown.estado} />
      </dd>
      <dt>
        <Trans>De</Trans>
      </dt>
      <dd>
        <Link href={`/${encodeURIComponent(from)}`}>@{from}</Link>
      </dd>
      <dt>
        <Trans>Para</Trans>
      </dt>
      <dd>
        <Link href={`/${encodeURIComponent(to)}`}>@{to}</Link>
      </dd>
      {shown.mensagem && (
        <>
          <dt>
            <Trans>Mensagem</Trans>
          </dt>
          <dd>{shown.mensagem}</dd>
        </>
      )}
      {shown.ficha && (
        <>
          <dt>
            <Trans>Ficha</Trans>
          </dt>
          <dd>
            <Link href={`/${encodeURIComponent(to)}/fichas/${encodeURIComponent(shown.ficha.id)}`}>
              <Trans>Ver a ficha recompensada</Trans>
            </Link>
          </dd>
        </>
      )}
      <dt>
        <Trans>Enviada em</Trans>
      </dt>
      <dd>{rewardTime(shown.createdAt, brand.locale)}</dd>
      <dt>
        <Trans>Actualizada em</Trans>
      </dt>
      <dd>{rewardTime(shown.updatedAt, brand.locale)}</dd>
    </dl>
  );
}
