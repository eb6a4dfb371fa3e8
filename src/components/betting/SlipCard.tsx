import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import type { SlipModel } from '../../state/slip-model.ts';
import { angolaDayTime } from '../../lib/format.ts';
import { competitorName } from '../../lib/selection.ts';
import { slipHref } from './slip-data.ts';
import { SlipActions } from './SlipActions.tsx';
import { SlipBadges } from './SlipBadges.tsx';
import { SlipTotals } from './SlipTotals.tsx';
import { RecordSummaryLine } from '../record/RecordSummaryLine.tsx';
import { shownHandle } from '../../../contract/official-account.ts';
import { brand } from '../../i18n/brand.ts';

const SHOWN_LEGS = 3;
// The counts below choose their words themselves rather than through lingui's plural, which formats the count with
// Intl.NumberFormat whether the message shows it or not: the first one on a page costs 70-180 ms at 4x CPU, on the way
// to Explore's first screen (lib/format.ts). pt-PT and English both use the singular for exactly 1 only; a slip holds
// at most 50 selections, so a count never needs grouping.
// Only a slip the server refused shows it (rare in a list): it loads when one does, off the lists' first screen.
const RefusalPanel = lazy(() => import('./RefusalPanel.tsx').then((module) => ({ default: module.RefusalPanel })));

/** A slip in a list: owner and their record, state, where it is on its way to the server, its first legs and totals. */
export function SlipCard({ slip, actions = true }: { slip: SlipModel; actions?: boolean }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const { ficha, own, sync, refused } = slip;
  const count = ficha.selecoes.length;
  const legs = ficha.selecoes.slice(0, SHOWN_LEGS);
  const more = count - SHOWN_LEGS;
  return (
    <article className={`slip-card card-sync-${sync}`} aria-label={t`Ficha`}>
      <header className="slip-card-head">
        <Link href={slipHref(ficha, own)} className="slip-card-title">
          {own ? (count === 1 ? t`Ficha de ${count} selecção` : t`Ficha de ${count} selecções`) : <>@{shownHandle(ficha.usuario.nomeUsuario, brand.locale)}</>}
        </Link>
        <span className="slip-card-date">{angolaDayTime(ficha.createdAt, i18n.locale)}</span>
      </header>
      <RecordSummaryLine record={ficha.registoAutor} />
      <SlipBadges slip={slip} />
      {refused ? (
        <Suspense fallback={null}>
          <RefusalPanel refused={refused} />
        </Suspense>
      ) : (
        <ul className="slip-card-legs">
          {legs.map((selection) => (
            <li key={selection.event_id} className={`leg-${selection.bet_status}`}>
              {competitorName(selection, 'home')} – {competitorName(selection, 'away')}
            </li>
          ))}
          {more > 0 && (
            <li className="muted">
              {more === 1 ? t`e mais ${more} selecção` : t`e mais ${more} selecções`}
            </li>
          )}
        </ul>
      )}
      <SlipTotals ficha={ficha} />
      {actions && sync !== 'rejected' && <SlipActions ficha={ficha} copy={false} />}
    </article>
  );
}
