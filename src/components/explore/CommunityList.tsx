import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommunityUser } from '../../../contract/schemas/explore.ts';
import { formatKz } from '../../lib/format.ts';
import { TrendArrow } from '../betting/TrendArrow.tsx';
import { Icon } from '../Icon.tsx';

/** The community board: bettors by slips won in the last 30 days, then followers. */
export function CommunityList({ users }: { users: CommunityUser[] }) {
  const { t } = useLingui();
  return (
    <ol className="community-list">
      {users.map((user, index) => {
        const { fichas, ganhas, ganhasMes, seguidores } = user.stats;
        return (
          <li key={user.id} className="community-row">
            <span className="community-rank">{index + 1}</span>
            <span className="avatar-letter" aria-hidden="true">
              {(user.nome || user.nomeUsuario).slice(0, 1).toUpperCase()}
            </span>
            <Link href={`/${user.nomeUsuario}`} className="community-user">
              <span className="community-name">
                {user.nome}
                {user.nif.verificado && (
                  <span className="verified" role="img" aria-label={t`Verificado`}>
                    <Icon name="check" inline size={12} />
                  </span>
                )}
              </span>
              <span className="muted small">@{user.nomeUsuario}</span>
              <span className="community-stats small">
                <Trans>
                  {ganhasMes} ganhas este mês · {ganhas}/{fichas} fichas · {seguidores} seguidores
                </Trans>
              </span>
            </Link>
            <span className="community-banca" aria-label={t`Banca`}>
              {formatKz(user.banca.amount)}
              <TrendArrow trend={user.banca.trend} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
