import { useId } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { competitionsAtom, dateOptionAtom, exploreFiltersAtom, setExploreFiltersAtom } from '../../state/explore.ts';
import { DATE_OPTIONS, PROBABILITY_BETS, SEARCH_BY, TRENDS, usesDateOption, VALUE_BETS, type ExploreFilters } from '../../lib/explore-filters.ts';
import { DATE_OPTION_LABELS, PROBABILITY_BET_LABELS, SEARCH_BY_LABELS, TREND_LABELS, VALUE_BET_LABELS } from './filter-labels.ts';

/** searchByComponent and its sub-filters (SPEC §5): trends, value bets, probability bets, date, competition. */
export function BetFilters() {
  const filters = useAtomValue(exploreFiltersAtom);
  const set = useSetAtom(setExploreFiltersAtom);
  const [dateOption, setDateOption] = useAtom(dateOptionAtom);
  const competitions = useAtomValue(competitionsAtom);
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const subId = useId();
  const competitionId = useId();
  const dayId = useId();
  const mode = filters.searchByComponent;

  const sub =
    mode === 'trends'
      ? { label: t`Tendência`, name: 'trendsComponent' as const, values: TRENDS, labels: TREND_LABELS, value: filters.trendsComponent }
      : mode === 'valueBets'
        ? { label: t`Aposta de valor`, name: 'valueBetsComponent' as const, values: VALUE_BETS, labels: VALUE_BET_LABELS, value: filters.valueBetsComponent }
        : mode === 'probabilityBets'
          ? { label: t`Mercado`, name: 'probabilityBetsComponent' as const, values: PROBABILITY_BETS, labels: PROBABILITY_BET_LABELS, value: filters.probabilityBetsComponent }
          : null;

  return (
    <div className="bet-filters">
      <div className="chips" role="group" aria-label={t`Pesquisar por`}>
        {SEARCH_BY.map((value) => (
          <button key={value} type="button" className="chip" aria-pressed={mode === value} onClick={() => set({ searchByComponent: value })}>
            {SEARCH_BY_LABELS[value](i18n)}
          </button>
        ))}
      </div>
      <div className="filter-row">
        {sub && (
          <div className="field compact">
            <label htmlFor={subId}>{sub.label}</label>
            <select id={subId} value={sub.value} onChange={(event) => set({ [sub.name]: event.target.value } as Partial<ExploreFilters>)}>
              {sub.values.map((value) => (
                <option key={value} value={value}>
                  {(sub.labels as Record<string, (i18n: I18n) => string>)[value]?.(i18n) ?? value}
                </option>
              ))}
            </select>
          </div>
        )}
        {mode === 'date' && (
          <div className="field compact">
            <label htmlFor={dayId}>
              <Trans>Dia</Trans>
            </label>
            <input id={dayId} type="date" value={filters.dateComponent} onChange={(event) => event.target.value && set({ dateComponent: event.target.value })} />
          </div>
        )}
        <div className="field compact">
          <label htmlFor={competitionId}>
            <Trans>Competição</Trans>
          </label>
          <select id={competitionId} value={filters.competitionComponent ?? ''} onChange={(event) => set({ competitionComponent: event.target.value || null })}>
            <option value="">{t`Todas as competições`}</option>
            {competitions.map((competition) => (
              <option key={competition.id} value={competition.id}>
                {competition.nome}
              </option>
            ))}
          </select>
        </div>
      </div>
      {usesDateOption(mode) && (
        <div className="segmented" role="group" aria-label={t`Período`}>
          {DATE_OPTIONS.map((option) => (
            <button key={option} type="button" className="segment" aria-pressed={dateOption === option} onClick={() => setDateOption(option)}>
              {DATE_OPTION_LABELS[option](i18n)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
