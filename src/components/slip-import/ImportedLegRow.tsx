import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportFixture } from '../../../contract/slip-import/types.ts';
import { angolaDayTime, formatOdds } from '../../lib/format.ts';
import { pickLabel } from '../betting/market-labels.ts';
import { notFoundText } from './import-texts.ts';
import type { ImportedLeg } from './use-tip-import.ts';

function FixtureLine({ fixture }: { fixture: ImportFixture }) {
  const { i18n } = useLingui();
  return (
    <>
      <strong>
        {fixture.home_name} – {fixture.away_name}
      </strong>{' '}
      <span className="muted">
        · {fixture.competition_name} · {angolaDayTime(fixture.date, i18n.locale)}
      </span>
    </>
  );
}

/** The tip's odds beside ours, and the change: what the tipster saw against what the slip will take. */
function OddsLine({ written, ours }: { written: number | null; ours: number }) {
  const oursText = formatOdds(ours);
  if (written === null) return <Trans>Odd actual: {oursText}</Trans>;
  const writtenText = formatOdds(written);
  const change = Math.round((ours - written) * 100) / 100;
  const changeText = `${change > 0 ? '+' : ''}${formatOdds(change)}`;
  if (change === 0) return <Trans>Odd do palpite: {writtenText} · Odd actual: {oursText} (igual)</Trans>;
  return (
    <Trans>
      Odd do palpite: {writtenText} · Odd actual: {oursText} ({changeText})
    </Trans>
  );
}

/** One leg of an imported tip: as written, then what it matched (or the fixtures to pick from, or why nothing did). */
export function ImportedLegRow({ leg, onChoose }: { leg: ImportedLeg; onChoose: (fixtureId: string | null) => void }) {
  const { i18n } = useLingui();
  const { match } = leg;
  const state = match.state === 'matched' ? 'matched' : leg.candidates ? 'ambiguous' : 'not-found';
  return (
    <li className={`import-leg import-leg-${state}`}>
      <p className="import-leg-text">{match.leg.text}</p>
      {match.state === 'matched' ? (
        <>
          <p className="import-leg-state">
            <span className="tag tag-success">{leg.candidates ? <Trans>Escolhido</Trans> : <Trans>Encontrado</Trans>}</span>{' '}
            <FixtureLine fixture={match.fixture} />
          </p>
          <p className="import-leg-pick">
            {pickLabel(i18n, match.pick)} · <OddsLine written={match.leg.odd} ours={match.odds} />
          </p>
        </>
      ) : match.state === 'not-found' ? (
        <p className="import-leg-state">
          <span className="tag tag-danger">
            <Trans>Não encontrado</Trans>
          </span>{' '}
          {notFoundText(i18n, match.reason)}
          {match.fixture && (
            <>
              {' '}
              <span className="muted">
                ({match.fixture.home_name} – {match.fixture.away_name})
              </span>
            </>
          )}
        </p>
      ) : null}
      {leg.candidates && (
        <fieldset className="import-leg-choices">
          <legend>
            <span className="tag tag-warn">
              <Trans>Vários jogos possíveis</Trans>
            </span>{' '}
            <Trans>Escolhe o jogo deste palpite:</Trans>
          </legend>
          {leg.candidates.map((candidate) => (
            <label key={candidate.fixture.id} className="check-row">
              <input type="radio" name={`leg-${leg.key}`} checked={leg.chosen === candidate.fixture.id} onChange={() => onChoose(candidate.fixture.id)} />
              <span>
                <FixtureLine fixture={candidate.fixture} />
                {candidate.swapped && (
                  <span className="muted">
                    {' '}
                    <Trans>(equipas pela ordem inversa)</Trans>
                  </span>
                )}
              </span>
            </label>
          ))}
          <label className="check-row">
            <input type="radio" name={`leg-${leg.key}`} checked={leg.chosen === null} onChange={() => onChoose(null)} />
            <span>
              <Trans>Nenhum destes</Trans>
            </span>
          </label>
        </fieldset>
      )}
    </li>
  );
}
