import { Link } from 'wouter';
import { Plural, Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import type { StoredSlip } from '../../state/slip-view.ts';
import type { OutboxEntry } from '../../state/slip-view.ts';
import { syncStateOf } from '../../state/outbox.ts';
import { competitorName } from '../../lib/selection.ts';
import { fichaOf, formatSlipDate, slipHref } from './slip-data.ts';
import { RefusalPanel } from './RefusalPanel.tsx';
import { SlipActions } from './SlipActions.tsx';
import { SlipTotals } from './SlipTotals.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { SLIP_STATE, SYNC_STATE } from './status-labels.ts';

const SHOWN_LEGS = 3;

/** A slip in a list: owner, state, where it is on its way to the server, its first legs and totals. */
export function SlipCard({ row, entries, selfId, actions = true }: { row: StoredSlip; entries: OutboxEntry[]; selfId: string | null; actions?: boolean }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const ficha = fichaOf(row);
  const own = ficha.usuario.id === selfId;
  const sync = syncStateOf(entries, row.pendingMutationId);
  const entry = sync === 'rejected' ? entries.find((candidate) => candidate.mutationId === row.pendingMutationId) : undefined;
  const state = SLIP_STATE[ficha.estado];
  const count = ficha.selecoes.length;
  const legs = ficha.selecoes.slice(0, SHOWN_LEGS);
  return (
    <article className={`slip-card card-sync-${sync}`} aria-label={t`Ficha`}>
      <header className="slip-card-head">
        <Link href={slipHref(ficha, selfId)} className="slip-card-title">
          {own ? <Plural value={count} one="Ficha de # selecção" other="Ficha de # selecções" /> : <>@{ficha.usuario.nomeUsuario}</>}
        </Link>
        <span className="slip-card-date">{formatSlipDate(ficha.createdAt, i18n.locale)}</span>
      </header>
      <div className="slip-card-badges">
        {!row.id.startsWith('local:') && <StatusBadge kind="slip" status={ficha.estado} icon={state.icon} label={state.label} />}
        {own && <StatusBadge kind="sync" status={sync} icon={SYNC_STATE[sync].icon} label={SYNC_STATE[sync].label} />}
        {own && !ficha.publicada && (
          <span className="tag">
            <Trans>Oculta</Trans>
          </span>
        )}
      </div>
      {entry ? (
        <RefusalPanel entry={entry} selections={ficha.selecoes} />
      ) : (
        <ul className="slip-card-legs">
          {legs.map((selection) => (
            <li key={selection.event_id} className={`leg-${selection.bet_status}`}>
              {competitorName(selection, 'home')} – {competitorName(selection, 'away')}
            </li>
          ))}
          {count > SHOWN_LEGS && (
            <li className="muted">
              <Plural value={count - SHOWN_LEGS} one="e mais # selecção" other="e mais # selecções" />
            </li>
          )}
        </ul>
      )}
      <SlipTotals ficha={ficha} />
      {actions && sync !== 'rejected' && <SlipActions ficha={ficha} copy={false} />}
    </article>
  );
}
