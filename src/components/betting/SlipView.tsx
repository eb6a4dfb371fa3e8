import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { SlipModel } from '../../state/slip-model.ts';
import { angolaDayTime } from '../../lib/format.ts';
import { RefusalPanel } from './RefusalPanel.tsx';
import { SlipActions } from './SlipActions.tsx';
import { SlipBadges } from './SlipBadges.tsx';
import { SlipSelections } from './SlipSelections.tsx';
import { StaleSlipLegs } from '../stale/StaleSlipLegs.tsx';
import { SlipTotals } from './SlipTotals.tsx';
import { RecordSummaryLine } from '../record/RecordSummaryLine.tsx';
import './betting.css';
import { shownHandle } from '../../../contract/official-account.ts';
import { brand } from '../../i18n/brand.ts';

/** A whole slip: owner, states, every selection with its bet_status, totals, and what the viewer can do. */
export function SlipView({ slip, readOnly = false }: { slip: SlipModel; readOnly?: boolean }) {
  const { i18n } = useLingui();
  const { ficha, sync, refused } = slip;
  const nota = ficha.nota ?? '';
  return (
    <div className="slip-view">
      <div className="slip-view-head">
        <div className="slip-owner">
          <span className="avatar-letter" aria-hidden="true">
            {(ficha.usuario.nome || ficha.usuario.nomeUsuario).slice(0, 1).toUpperCase()}
          </span>
          <span>
            <strong>{ficha.usuario.nome}</strong>
            <span className="muted"> @{shownHandle(ficha.usuario.nomeUsuario, brand.locale)}</span>
          </span>
        </div>
        <span className="muted small">{angolaDayTime(ficha.createdAt, i18n.locale)}</span>
      </div>
      <RecordSummaryLine record={ficha.registoAutor} />
      <SlipBadges slip={slip}>
        {ficha.oddsChange && (
          <span className="tag">
            <Trans>Aceita alterações de odds</Trans>
          </span>
        )}
      </SlipBadges>
      {nota && (
        <p className="slip-note">
          <Trans>Nota: {nota}</Trans>
        </p>
      )}
      {refused && <RefusalPanel refused={refused} />}
      {/* A slip the server has: leg by leg what changed since it was made (the stale-slip check). */}
      {!refused && (slip.local ? <SlipSelections selections={ficha.selecoes} /> : <StaleSlipLegs selections={ficha.selecoes} />)}
      <SlipTotals ficha={ficha} />
      {!readOnly && sync !== 'rejected' && <SlipActions ficha={ficha} />}
    </div>
  );
}
