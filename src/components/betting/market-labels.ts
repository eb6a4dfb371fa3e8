import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { MarketType } from '../../../contract/schemas/events.ts';

// Names of the markets and choices of docs/api/betting.md, as the event page, the tips and the slip show them.

const MARKET_TITLES: Record<MarketType, MessageDescriptor> = {
  ft_result: msg`Resultado final`,
  ht_result: msg`Resultado ao intervalo`,
  double_chance: msg`Dupla hipótese`,
  draw_no_bet: msg`Empate anula aposta`,
  btts: msg`Ambas marcam`,
  goals: msg`Total de golos`,
  home_goals: msg`Golos da casa`,
  away_goals: msg`Golos de fora`,
  exact_goals: msg`Número exacto de golos`,
  '1h_goals': msg`Golos da 1.ª parte`,
  '2h_result': msg`Resultado da 2.ª parte`,
  '2h_goals': msg`Golos da 2.ª parte`,
  corners: msg`Cantos`,
  '1h_corners': msg`Cantos da 1.ª parte`,
  asian_corners: msg`Cantos asiáticos`,
};

export function marketTitle(i18n: I18n, type: string): string {
  const title = MARKET_TITLES[type as MarketType];
  return title ? i18n._(title) : type;
}

/** A choice as a person says it: Casa, Empate, Fora, Sim, Não, Mais de 2.5, 1X, 3 golos. */
export function choiceLabel(i18n: I18n, type: string, choice: string): string {
  switch (choice) {
    case 'home':
      return i18n._(msg`Casa`);
    case 'draw':
      return i18n._(msg`Empate`);
    case 'away':
      return i18n._(msg`Fora`);
    case 'yes':
      return i18n._(msg`Sim`);
    case 'no':
      return i18n._(msg`Não`);
  }
  const line = /^(over|under)_(.+)$/.exec(choice);
  if (line) {
    const value = line[2] ?? '';
    return line[1] === 'over' ? i18n._(msg`Mais de ${value}`) : i18n._(msg`Menos de ${value}`);
  }
  if (type === 'exact_goals') {
    const goals = Number(choice);
    // "6+" (six or more) is always plural.
    if (!Number.isInteger(goals)) return i18n._(msg`${choice} golos`);
    return i18n._(msg`${plural(goals, { one: '# golo', other: '# golos' })}`);
  }
  return choice;
}

/** "Resultado final: Casa". */
export function pickLabel(i18n: I18n, pick: { type: string; choice: string }): string {
  return `${marketTitle(i18n, pick.type)}: ${choiceLabel(i18n, pick.type, pick.choice)}`;
}
