import type { Locale } from '../../contract/brands.ts';
import type { BetStatus, SlipState } from '../../contract/schemas/slips.ts';
import type { RecordSummary } from '../../contract/schemas/record.ts';
import { RECORD_MIN_SETTLED } from '../../contract/schemas/record.ts';

// The words of a shared slip's link preview (Open Graph tags and the og:image), in the host's language. The server
// writes them itself: the preview is read by WhatsApp, Telegram and Facebook, not by the app, so the app's catalogs
// never see them. Market names follow src/components/betting/market-labels.ts.

const MARKETS: Record<Locale, Record<string, string>> = {
  pt: {
    ft_result: 'Resultado final',
    ht_result: 'Resultado ao intervalo',
    double_chance: 'Dupla hipótese',
    draw_no_bet: 'Empate anula aposta',
    btts: 'Ambas marcam',
    goals: 'Total de golos',
    home_goals: 'Golos da casa',
    away_goals: 'Golos de fora',
    exact_goals: 'Número exacto de golos',
    '1h_goals': 'Golos da 1.ª parte',
    '2h_result': 'Resultado da 2.ª parte',
    '2h_goals': 'Golos da 2.ª parte',
    corners: 'Cantos',
    '1h_corners': 'Cantos da 1.ª parte',
    asian_corners: 'Cantos asiáticos',
  },
  en: {
    ft_result: 'Full-time result',
    ht_result: 'Half-time result',
    double_chance: 'Double chance',
    draw_no_bet: 'Draw no bet',
    btts: 'Both teams to score',
    goals: 'Total goals',
    home_goals: 'Home goals',
    away_goals: 'Away goals',
    exact_goals: 'Exact number of goals',
    '1h_goals': '1st half goals',
    '2h_result': '2nd half result',
    '2h_goals': '2nd half goals',
    corners: 'Corners',
    '1h_corners': '1st half corners',
    asian_corners: 'Asian corners',
  },
};

const CHOICES: Record<Locale, Record<string, string>> = {
  pt: { home: 'Casa', draw: 'Empate', away: 'Fora', yes: 'Sim', no: 'Não' },
  en: { home: 'Home', draw: 'Draw', away: 'Away', yes: 'Yes', no: 'No' },
};

export function pickText(locale: Locale, type: string, choice: string): string {
  const market = MARKETS[locale][type] ?? type;
  let label = CHOICES[locale][choice];
  if (label === undefined) {
    const line = /^(over|under)_(.+)$/.exec(choice);
    if (line) label = `${line[1] === 'over' ? (locale === 'pt' ? 'Mais de' : 'Over') : locale === 'pt' ? 'Menos de' : 'Under'} ${line[2] ?? ''}`;
    else if (type === 'exact_goals') label = locale === 'pt' ? `${choice} golos` : `${choice} goals`;
    else label = choice;
  }
  return `${market}: ${label}`;
}

/** Kz as SPEC §9 writes it: no decimals, dots between thousands (12.500 Kz), in both languages. */
export function kz(amount: number): string {
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${rounded < 0 ? '-' : ''}${digits} Kz`;
}

export const odds = (value: number) => value.toFixed(2);

/** The return a slip shows: potential while pending, then what it paid (a lost slip pays nothing). */
export function shownReturn(locale: Locale, estado: SlipState, retorno: number): { label: string; amount: number } {
  const words = WORDS[locale];
  if (estado === 'pending') return { label: words.potentialReturn, amount: retorno };
  return { label: words.wonReturn, amount: estado === 'failed' ? 0 : retorno };
}

/** As the app writes a record (src/components/record/record-format.ts): pt "12,5 %", en "12.5%", ROI signed. */
function percent(locale: Locale, ratio: number | null, signed: boolean): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—';
  const value = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'pt-PT', {
    maximumFractionDigits: 1,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(ratio * 100);
  const shown = value === '-0' ? '0' : value;
  return locale === 'en' ? `${shown}%` : `${shown}\u00a0%`;
}

interface Words {
  slipBy: (author: string) => string;
  legs: (n: number) => string;
  stake: string;
  totalOdds: string;
  potentialReturn: string;
  wonReturn: string;
  more: (n: number) => string;
  state: Record<SlipState, string>;
  leg: Record<BetStatus, string>;
  record: (summary: RecordSummary) => string;
  noPreviewTitle: string;
}

export const WORDS: Record<Locale, Words> = {
  pt: {
    slipBy: (author) => `Ficha de @${author}`,
    legs: (n) => (n === 1 ? '1 selecção' : `${n} selecções`),
    stake: 'Valor',
    totalOdds: 'Multiplicador',
    potentialReturn: 'Retorno potencial',
    wonReturn: 'Retorno',
    more: (n) => (n === 1 ? '+ 1 selecção' : `+ ${n} selecções`),
    state: { pending: 'Pendente', won: 'Ganha', failed: 'Perdida', void: 'Anulada' },
    leg: { pending: 'Pendente', blocked: 'Bloqueada', failed: 'Perdida', won: 'Ganha', void: 'Anulada' },
    record: (s) =>
      !s.suficiente
        ? `sem histórico suficiente (${s.liquidadas} de ${RECORD_MIN_SETTLED})`
        : `Taxa de acerto ${percent('pt', s.taxaAcerto, false)} · ROI ${percent('pt', s.roi, true)}`,
    noPreviewTitle: 'Ficha indisponível',
  },
  en: {
    slipBy: (author) => `@${author}'s slip`,
    legs: (n) => (n === 1 ? '1 selection' : `${n} selections`),
    stake: 'Stake',
    totalOdds: 'Multiplier',
    potentialReturn: 'Potential return',
    wonReturn: 'Return',
    more: (n) => (n === 1 ? '+ 1 selection' : `+ ${n} selections`),
    state: { pending: 'Pending', won: 'Won', failed: 'Lost', void: 'Void' },
    leg: { pending: 'Pending', blocked: 'Blocked', failed: 'Lost', won: 'Won', void: 'Void' },
    record: (s) =>
      !s.suficiente
        ? `not enough history (${s.liquidadas} of ${RECORD_MIN_SETTLED})`
        : `Win rate ${percent('en', s.taxaAcerto, false)} · ROI ${percent('en', s.roi, true)}`,
    noPreviewTitle: 'Slip unavailable',
  },
};
