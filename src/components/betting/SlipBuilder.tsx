import '../../i18n/betting-catalog.ts';
import { useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { clearSlipAtom, draftSlipAtom, removeFromSlipAtom, setNoteAtom, setStakeAtom } from '../../state/slip-builder.ts';
import { SLIP_IMPORT_PATH } from '../../../contract/slip-import/paths.ts';
import { formatMultiplier } from '../../../contract/slip-math.ts';
import { formatKz, formatOdds } from '../../lib/format.ts';
import { Icon } from '../Icon.tsx';
import { SelectionSummary } from './SelectionSummary.tsx';
import { StakeInput, type StakeHandle } from './StakeInput.tsx';
import { TipGenerator } from './TipGenerator.tsx';
import { useBaterFicha } from './use-bater-ficha.ts';
import './betting.css';

/** The slip builder (SPEC §4 Bet slip): in the right panel on wide screens, in the bottom drawer on phones. */
export default function SlipBuilder() {
  const draft = useAtomValue(draftSlipAtom);
  const remove = useSetAtom(removeFromSlipAtom);
  const clear = useSetAtom(clearSlipAtom);
  const setStake = useSetAtom(setStakeAtom);
  const setNote = useSetAtom(setNoteAtom);
  const { saving, submit } = useBaterFicha();
  const { t } = useLingui();
  // SPEC §4: the odds-change choice defaults to no in the creation panel.
  const [oddsChange, setOddsChange] = useState(false);
  const stake = useRef<StakeHandle | null>(null);
  const count = draft.selections.length;
  const nota = draft.nota ?? '';

  const bater = async () => {
    await stake.current?.flush();
    await submit(oddsChange);
  };

  return (
    <div className="slip-builder">
      <TipGenerator selections={count} />
      <Link href={SLIP_IMPORT_PATH} className="link-button slip-import-link">
        <Trans>Importar palpite</Trans>
      </Link>
      {count === 0 ? (
        <p className="muted slip-empty">
          <Trans>
            A sua ficha está vazia. Escolha odds num <Link href="/explorar">jogo</Link> ou gere um palpite.
          </Trans>
        </p>
      ) : (
        <>
          <ul className="slip-selections" aria-label={t`Selecções da ficha`}>
            {draft.selections.map((selection) => (
              <li key={selection.id} className={selection.hasWarning ? 'slip-selection warning' : 'slip-selection'}>
                <Link href={`/explorar/${selection.event_id}`} className="slip-selection-link">
                  <SelectionSummary selection={selection} />
                </Link>
                <span className="slip-selection-odds">{formatOdds(selection.event_selection.odds)}</span>
                {selection.bet_status === 'pending' && (
                  <button
                    type="button"
                    className="icon-button small"
                    onClick={() => void remove(selection.event_id)}
                    aria-label={t`Remover ${selection.event_competitors[0]?.name ?? ''} – ${selection.event_competitors[1]?.name ?? ''}`}
                  >
                    <Icon name="trash" inline />
                  </button>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => void clear()}>
            <Trans>Limpar ficha</Trans>
          </button>
        </>
      )}
      {nota && (
        <p className="slip-note">
          <span>
            <Trans>Nota: {nota}</Trans>
          </span>{' '}
          <button type="button" className="link-button" onClick={() => void setNote('')}>
            <Trans>Remover nota</Trans>
          </button>
        </p>
      )}
      <StakeInput valor={draft.valor} onChange={(valor) => setStake(valor)} handle={stake} />
      <dl className="slip-totals">
        <div>
          <dt>
            <Trans>Multiplicador</Trans>
          </dt>
          <dd data-testid="slip-multiplier">{formatMultiplier(draft.multiplicador)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Retorno</Trans>
          </dt>
          <dd data-testid="slip-return">{formatKz(draft.retorno)}</dd>
        </div>
      </dl>
      <label className="check-row">
        <input type="checkbox" checked={oddsChange} onChange={(event) => setOddsChange(event.target.checked)} />
        <span>
          <Trans>Aceitar alterações de odds</Trans>
        </span>
      </label>
      <button type="button" className="button button-block" onClick={() => void bater()} disabled={saving}>
        {saving ? <Trans>A bater a ficha...</Trans> : <Trans>Bater Ficha</Trans>}
      </button>
    </div>
  );
}
