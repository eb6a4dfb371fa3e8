import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { DateOption, ExploreFilters } from '../../lib/explore-filters.ts';

// The Explore filters' names (SPEC §5 allowed values).

type Label = (i18n: I18n) => string;
const fixed = (descriptor: MessageDescriptor): Label => (i18n) => i18n._(descriptor);
const goalsOver = (value: string): Label => (i18n) => i18n._(msg`Mais de ${value} golos`);
const goalsUnder = (value: string): Label => (i18n) => i18n._(msg`Menos de ${value} golos`);
const cornersOver = (value: string): Label => (i18n) => i18n._(msg`Mais de ${value} cantos`);
const cornersUnder = (value: string): Label => (i18n) => i18n._(msg`Menos de ${value} cantos`);
const homeOver = (value: string): Label => (i18n) => i18n._(msg`Casa: mais de ${value} golos`);
const awayOver = (value: string): Label => (i18n) => i18n._(msg`Fora: mais de ${value} golos`);

const homeWin = fixed(msg`Vitória da casa`);
const draw = fixed(msg`Empate`);
const awayWin = fixed(msg`Vitória de fora`);
const btts = fixed(msg`Ambas marcam`);
const homeGoals = fixed(msg`Golos da casa`);
const awayGoals = fixed(msg`Golos de fora`);

export const SEARCH_BY_LABELS: Record<ExploreFilters['searchByComponent'], Label> = {
  probabilityBets: fixed(msg`Probabilidade`),
  valueBets: fixed(msg`Apostas de valor`),
  trends: fixed(msg`Tendências`),
  popular: fixed(msg`Populares`),
  live: fixed(msg`Ao vivo`),
  next: fixed(msg`Próximos`),
  date: fixed(msg`Por data`),
};

export const TREND_LABELS: Record<ExploreFilters['trendsComponent'], Label> = {
  homeWin,
  draw,
  awayWin,
  btts,
  over15: goalsOver('1.5'),
  over25: goalsOver('2.5'),
  under25: goalsUnder('2.5'),
  over35: goalsOver('3.5'),
  under35: goalsUnder('3.5'),
  '1hGoals': fixed(msg`Golos na 1.ª parte`),
  homeWinHT: fixed(msg`Casa vence ao intervalo`),
  drawHT: fixed(msg`Empate ao intervalo`),
  awayWinHT: fixed(msg`Fora vence ao intervalo`),
  homeGoals,
  awayGoals,
  '1hCorners': fixed(msg`Cantos na 1.ª parte`),
  over8Corners: cornersOver('8.5'),
  under9Corners: cornersUnder('9.5'),
  under10Corners: cornersUnder('10.5'),
};

export const VALUE_BET_LABELS: Record<ExploreFilters['valueBetsComponent'], Label> = {
  homeWin,
  draw,
  awayWin,
  btts,
  o15: goalsOver('1.5'),
  u15: goalsUnder('1.5'),
  o25: goalsOver('2.5'),
  u25: goalsUnder('2.5'),
  o35: goalsOver('3.5'),
  u35: goalsUnder('3.5'),
  homeGoals,
  awayGoals,
  o85Corners: cornersOver('8.5'),
};

export const PROBABILITY_BET_LABELS: Record<ExploreFilters['probabilityBetsComponent'], Label> = {
  ft_result: fixed(msg`Resultado final`),
  ht_result: fixed(msg`Resultado ao intervalo`),
  double_chance: fixed(msg`Dupla hipótese`),
  btts,
  o0_goals: goalsOver('0.5'),
  o1_goals: goalsOver('1.5'),
  o2_goals: goalsOver('2.5'),
  o3_goals: goalsOver('3.5'),
  o4_goals: goalsOver('4.5'),
  home_o0_goals: homeOver('0.5'),
  home_o1_goals: homeOver('1.5'),
  home_o2_goals: homeOver('2.5'),
  away_o0_goals: awayOver('0.5'),
  away_o1_goals: awayOver('1.5'),
  away_o2_goals: awayOver('2.5'),
  o4_corners: cornersOver('4.5'),
  o5_corners: cornersOver('5.5'),
  o6_corners: cornersOver('6.5'),
  o7_corners: cornersOver('7.5'),
  o8_corners: cornersOver('8.5'),
  o9_corners: cornersOver('9.5'),
  o10_corners: cornersOver('10.5'),
  o11_corners: cornersOver('11.5'),
};

export const CATEGORY_LABELS: Record<ExploreFilters['fichaCategoria'], Label> = {
  novasfichas: fixed(msg`Novas fichas`),
  novas: fixed(msg`Recentes`),
  boas: fixed(msg`Boas`),
  fire: fixed(msg`Em alta`),
  certeiras: fixed(msg`Certeiras`),
  lucrativas: fixed(msg`Lucrativas`),
  quase: fixed(msg`Quase`),
  tudo: fixed(msg`Tudo`),
};

export const DATE_OPTION_LABELS: Record<DateOption, Label> = {
  hoje: fixed(msg`Hoje`),
  '3_dias': fixed(msg`3 dias`),
  semanal: fixed(msg`Semana`),
};

export const PAGE_LABELS: Record<ExploreFilters['pageComponent'], Label> = {
  apostas: fixed(msg`Apostas`),
  fichas: fixed(msg`Fichas`),
  comunidade: fixed(msg`Comunidade`),
};
