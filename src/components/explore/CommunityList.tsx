import { Link } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CommunityUser } from '../../../contract/schemas/explore.ts';
import { formatKz } from '../../lib/format.ts';
import { TrendArrow } from '../betting/TrendArrow.tsx';
import { Icon } from '../Icon.tsx';
import { RecordSummaryLine } from '../record/RecordSummaryLine.tsx';
import { VirtualList } from '../list/VirtualList.tsx';
import '../record/record.css';
import { shownHandle } from '../../../contract/official-account.ts';
import { brand } from '../../i18n/brand.ts';

/**
 * The rank shown on a row: the server's (by ROI among users with at least 20 settled slips; none below that guard),
 * or, for a list stored before the server ranked by record, the row's place in it.
 */
function rankOf(user: CommunityUser, index: number): number | null {
  if (user.posicao === undefined) return index + 1;
  return user.posicao;
}

/** One bettor on the board: rank, name, record, counts and bankroll, linking to the profile. */
function CommunityRow({ user, rank }: { user: CommunityUser; rank: number | null }) {
  const { t } = useLingui();
  const { fichas, ganhas, ganhasMes, seguidores } = user.stats;
  return (
    <div className="community-row">
      {rank === null ? (
        <span className="community-rank" aria-hidden="true">
          –
        </span>
      ) : (
        <span className="community-rank">
          <span className="visually-hidden">
            <Trans>Posição</Trans>{' '}
          </span>
          {rank}
        </span>
      )}
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
        <span className="muted small">@{shownHandle(user.nomeUsuario, brand.locale)}</span>
        <RecordSummaryLine record={user.registo} className="community-record" />
        <span className="community-stats small">
          <Plural value={ganhasMes} one="# ganha este mês" other="# ganhas este mês" /> · {ganhas}/
          <Plural value={fichas} one="# ficha" other="# fichas" /> · <Plural value={seguidores} one="# seguidor" other="# seguidores" />
        </span>
      </Link>
      <span className="community-banca" aria-label={t`Banca`}>
        {formatKz(user.banca.amount)}
        <TrendArrow trend={user.banca.trend} />
      </span>
    </div>
  );
}

/**
 * The community board: bettors ranked by the ROI of their verified record; a user below the guard is listed without a
 * rank, with "sem histórico suficiente (N de 20)". Each row keeps the slips and followers counts. Virtualised once the
 * list grows long (it pages in more as the reader scrolls).
 */
export function CommunityList({ users }: { users: CommunityUser[] }) {
  return (
    <VirtualList items={users} itemKey={(user) => user.id} className="community-list">
      {(user, index) => <CommunityRow user={user} rank={rankOf(user, index)} />}
    </VirtualList>
  );
}
