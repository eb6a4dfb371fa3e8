import type { BookingCode, ParsedLeg, ParsedTip, TipPick, UnreadablePick } from './types.ts';
import { canonicalTeam, isKnownTeam, normalizeTeam, teamSimilarity } from './teams.ts';
import { TIP_TEXT_MAX } from '../limits.ts';

// Reading a tip as it is pasted from WhatsApp or Telegram: one leg per line (or per ";", bullet, numbered item), or a
// labelled block over several lines ("Jogo: …" / "Palpite: …" / "Odd: …"). Nothing here knows the fixtures: the
// teams come out as written and match.ts decides which event they name. Every pattern is anchored or works on one
// short line, and the input is cut to a fixed size first, so a huge paste costs a bounded amount of work.

/** Longer pastes are cut here (contract/limits.ts): a real tip is a few hundred characters; this keeps the work bounded. */
export const MAX_TIP_CHARS = TIP_TEXT_MAX;
/** At most this many legs are read (a slip holds far fewer); the lines after the last one are ignored. */
export const MAX_TIP_LEGS = 100;
/** At most this many ignored lines are kept to show back. */
export const MAX_IGNORED_LINES = 200;
// No leg is longer; a longer line is read only up to here.
const MAX_LINE_CHARS = 400;
// A pick is a few words; more is prose and is not scanned word by word.
const MAX_PICK_WORDS = 12;
const MAX_REST_WORDS = 24;

// ---------------------------------------------------------------------------------------------------------------
// Text helpers

/** Lowercase, accents off, "1ª" as "1a": for comparing words, never shown. */
function fold(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

// Emoji and their joiners, skin tones, flags and variation selectors: decoration wherever they appear. A keycap digit
// ("1️⃣") is a numbered item and becomes "1)".
function stripEmoji(text: string): string {
  return text
    .replace(/(\d)\uFE0F?\u20E3/g, '$1) ')
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{1F1E6}-\u{1F1FF}]|\uFE0F|\u200D|\u20E3/gu, ' ')
    // WhatsApp's *bold*, _italic_ and ~strike~ marks.
    .replace(/[*_~]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// A list marker at the start of an item: "1)", "2.", "3-", "4:", "#5", "(6)", "•", "-", "→". "1. FC Köln" is a club.
function stripMarker(text: string): string {
  return text
    .replace(/^(?:\(?\d{1,2}\s*[).:](?!\s*fc\b)(?!\d)|\d{1,2}\s*[-–](?=\s)|#\d{1,2}\b|[•▪►▶➡→·\-–—>]+(?=\s|\p{L}))\s*/iu, '')
    .trim();
}

const hasLetter = (text: string) => /\p{L}/u.test(text);

// ---------------------------------------------------------------------------------------------------------------
// Odds, stakes, kick-offs

function readOdd(text: string): number | null {
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value >= 1.01 && value <= 1000 ? value : null;
}

interface Extracted {
  rest: string;
  value: string | null;
}

// Odds written with the leg: "@1.45", "@ 1,45", "(1.45)", "Odd 1.45", "Odds: 2.10", "Cota 1,5".
function extractOdd(text: string): Extracted {
  const patterns = [/@\s*(\d{1,3}(?:[.,]\d{1,3})?)(?!\d)/, /\(\s*(\d{1,3}[.,]\d{1,3})\s*\)/, /\b(?:odds?|cota)\s*[:=]?\s*@?\s*(\d{1,3}[.,]\d{1,3})(?!\d)/i];
  for (const pattern of patterns) {
    const found = pattern.exec(text);
    if (found?.[1] && readOdd(found[1]) !== null) return { rest: `${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`, value: found[1] };
  }
  return { rest: text, value: null };
}

// A kick-off time beside the leg: "20:00", "20h00", "18h", optionally after a day ("Sáb 18h", "Hoje 20:00").
const DAY_WORDS = '(?:hoje|amanh[ãa]|today|tomorrow|seg(?:unda)?|ter(?:[çc]a)?|qua(?:rta)?|qui(?:nta)?|sex(?:ta)?|s[áa]b(?:ado)?|dom(?:ingo)?|mon|tue|wed|thu|fri|sat|sun)\\.?';
const KICKOFF = new RegExp(`(?:\\b${DAY_WORDS}\\s*(?:[,.-]\\s*)?)?\\b(?:[01]?\\d|2[0-3])(?::|h|H)[0-5]\\d\\b|(?:\\b${DAY_WORDS}\\s*)?\\b(?:1\\d|2[0-3])[hH]\\b`, 'i');

function extractKickoff(text: string): Extracted {
  const found = KICKOFF.exec(text);
  if (!found) return { rest: text, value: null };
  return { rest: `${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`, value: found[0].trim() };
}

// "(Girabola)", "[Premier League]" beside the teams: the competition. A day or a time in brackets is a kick-off.
function extractBracketed(text: string): { rest: string; competition: string | null; kickoff: string | null } {
  const found = /[([]([^()[\]]{2,60})[)\]]/.exec(text);
  if (!found?.[1] || !hasLetter(found[1])) return { rest: text, competition: null, kickoff: null };
  const inner = found[1].trim();
  // "BTTS (No)", "(1X)": part of the pick, not a competition.
  if (/^(?:yes|no|sim|nao|n[ãa]o)$/i.test(inner) || readPick(inner, { home: '', away: '', strict: true, teamAlone: false })) {
    return { rest: `${text.slice(0, found.index)} ${inner} ${text.slice(found.index + found[0].length)}`, competition: null, kickoff: null };
  }
  const rest = `${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`;
  if (KICKOFF.test(inner) || new RegExp(`^${DAY_WORDS}$`, 'i').test(inner)) return { rest, competition: null, kickoff: inner };
  return { rest, competition: inner, kickoff: null };
}

/** Whole Kz from "1.000", "1 000", "1000", "2.500,00": thousands separators dropped, cents cut. */
function readKz(text: string): number | null {
  const digits = text.trim().replace(/[.,]\d{1,2}$/, '').replace(/[\s.,]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  const value = Number(digits);
  return value > 0 ? value : null;
}

const MONEY = '(\\d{1,3}(?:[ .,]\\d{3})+(?:[.,]\\d{1,2})?|\\d{1,9}(?:[.,]\\d{1,2})?)';
const KZ = '(?:kz|akz|aoa|kwanzas?)';
const STAKE_LABEL = '(?:valor(?:\\s+(?:da\\s+aposta|apostado|a\\s+apostar))?|stake|montante|investimento|apostar|aposta)';

// A stake line: "Valor: 1000 Kz", "Stake 500", "1.000 Kz", "Kz 1 000", "1000kz". "Aposta: 2" is a pick, so a line
// labelled Aposta is a stake only with Kz or a sum a stake could be (100 Kz is the minimum).
function readStake(text: string): number | null {
  const line = text.trim();
  const labelled = new RegExp(`^(${STAKE_LABEL})\\s*[:=\\-]?\\s*(${KZ}\\s*)?${MONEY}\\s*(${KZ})?\\.?$`, 'i').exec(line);
  if (labelled?.[3]) {
    const value = readKz(labelled[3]);
    const withKz = Boolean(labelled[2] || labelled[4]);
    if (value === null) return null;
    if (/^aposta/i.test(labelled[1] ?? '') && !withKz && value < 100) return null;
    return value;
  }
  const bare = new RegExp(`^(?:${KZ}\\s*${MONEY}|${MONEY}\\s*${KZ})\\.?$`, 'i').exec(line);
  const amount = bare?.[1] ?? bare?.[2];
  return amount ? readKz(amount) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Booking codes

const BOOKMAKERS: readonly (readonly [string, RegExp])[] = [
  ['SportyBet', /sporty\s?bet/i],
  ['Betway', /bet\s?way/i],
  ['Premier Bet', /premier\s?bet/i],
  ['ElephantBet', /elephant\s?bet/i],
  ['Bantubet', /bantu\s?bet/i],
  ['1xBet', /1\s?x\s?bet/i],
  ['Bet365', /bet\s?365/i],
  ['Betano', /betano/i],
  ['Melbet', /melbet/i],
  ['22Bet', /22\s?bet/i],
  ['Bwin', /bwin/i],
  ['Kwanzabet', /kwanza\s?bet/i],
];
const CODE_WORDS = /\b(?:c[oó]d(?:igo)?|code|booking|cup[aã]o|bilhete|ticket|boletim)\b/i;
const NOT_CODES = new Set(['codigo', 'booking', 'bilhete', 'ticket', 'boletim', 'cupao', 'reserva', 'aposta', 'apostas', 'carregar', 'load']);

/** The codes on a line that names a booking code ("Código SportyBet: ABC123"), or null when it is no such line. */
function readBookingCodes(line: string): BookingCode[] | null {
  if (!CODE_WORDS.test(line)) return null;
  let rest = line;
  let bookmaker: string | null = null;
  for (const [name, pattern] of BOOKMAKERS) {
    const found = pattern.exec(rest);
    if (found) {
      bookmaker ??= name;
      rest = rest.replace(pattern, ' ');
    }
  }
  const codes: BookingCode[] = [];
  for (const word of rest.split(/[^A-Za-z0-9]+/)) {
    if (word.length < 5 || word.length > 12 || NOT_CODES.has(fold(word))) continue;
    // A code has a digit, or is written all in capitals ("KQWERT"); an ordinary word is neither.
    if (/\d/.test(word) ? /[A-Za-z]/.test(word) || word.length >= 6 : word === word.toUpperCase()) codes.push({ bookmaker, code: word.toUpperCase() });
  }
  return codes.length > 0 ? codes : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Competitions written as a header line ("🏆 Premier League") or beside a leg

const COMPETITION_WORDS = [
  'girabola', 'premier league', 'epl', 'la liga', 'laliga', 'liga espanhola', 'primeira liga', 'liga portugal', 'liga betclic',
  'liga nos', 'serie a', 'calcio', 'bundesliga', 'champions league', 'liga dos campeoes', 'ucl', 'europa league', 'liga europa',
  'uel', 'ligue 1', 'taca de portugal', 'taca de angola', 'dfb pokal', 'fa cup', 'copa del rey', 'champions',
];

function isCompetitionHeader(text: string): boolean {
  const folded = fold(text).replace(/[^a-z0-9]+/g, ' ').trim();
  return folded.length <= 60 && COMPETITION_WORDS.some((name) => folded === name || folded.startsWith(`${name} `) || folded.endsWith(` ${name}`));
}

// ---------------------------------------------------------------------------------------------------------------
// Picks

/** A pick read; or why not, `byName` when only a word of a market we have not got says so ("Handicap"), not its form. */
type PickRead = { pick: TipPick } | { unreadable: UnreadablePick; byName?: boolean };

// Words that name a market we do not have: the line is a leg, its pick is unknown-market.
const UNKNOWN_MARKET = /\b(?:handicap|hcp|ah|eh|goalscorer|anytime|marcador|marcadores|scorer|hat ?trick|cartoes|cartao|cards?|booking points|htft|ht\s*\/?\s*ft|intervalo\s*\/?\s*final|correct score|resultado exat[oa]|resultado exact[oa]|placar exato|resultado correto|penaltis?|penalty|penalties|offsides?|foras? de jogo|remates|shots|primeiro a marcar|first goal|first goalscorer|ultimo a marcar|clean sheet|sem sofrer|win to nil|impar|odd even|multigolos|multigoals|assist[eê]ncias?)\b|(?:^|\s)[+-]\d+(?:\.(?:0|25|75))?(?=\s|$)/;

// The first word of a market we do not have, for finding where such a pick starts after the teams.
const UNKNOWN_START = /^(?:htft|handicap|hcp|ah|eh|goalscorer|anytime|marcador|scorer|hat|cartoes|cartao|cards?|htft|correct|resultado|placar|penaltis?|penalty|primeiro|first|clean|sem|multigolos|[+-]\d+(?:\.(?:0|25|75))?)$/;

const HALF_1 = /\b(?:(?:n|d)[ao] )?(?:1a parte|1o tempo|primeira parte|primeiro tempo|first half|1st half|half time|halftime|ao intervalo|no intervalo|intervalo|ht|1t|1ht|1h|1p)\b/g;
const HALF_2 = /\b(?:(?:n|d)[ao] )?(?:2a parte|2o tempo|segunda parte|segundo tempo|second half|2nd half|2t|2ht|2h|2p)\b/g;
const CORNERS = /\b(?:cantos?|escanteios?|corners?)\b/g;
const ASIAN = /\b(?:asiaticos?|asian)\b/g;
// Words that say nothing about which pick: "Resultado final: 1", "Total de golos: Over 2.5", "Aposta: GG".
const FILLER = /\b(?:ft|full time|fulltime|90 min(?:utos)?|tempo regulamentar|resultado final|resultado|final|mercado|aposta|palpite|prognostico|tip|pick|market|total de|total|golos?|gols?|goals?|no jogo|jogo|partida|match|segura)\b/g;

const SIDE_WORDS: Readonly<Record<string, 'home' | 'draw' | 'away'>> = {
  '1': 'home', casa: 'home', home: 'home', 'vitoria casa': 'home', 'vitoria da casa': 'home', 'home win': 'home', 'equipa da casa': 'home', visitado: 'home',
  x: 'draw', empate: 'draw', draw: 'draw', tie: 'draw',
  '2': 'away', fora: 'away', away: 'away', visitante: 'away', 'vitoria fora': 'away', 'vitoria do visitante': 'away', 'away win': 'away',
};
const DOUBLE_CHANCE: Readonly<Record<string, '1X' | '12' | 'X2'>> = {
  '1x': '1X', x1: '1X', 'casa ou empate': '1X', 'casa empate': '1X', 'home or draw': '1X', 'home draw': '1X', '1 ou x': '1X', '1 or x': '1X',
  x2: 'X2', '2x': 'X2', 'empate ou fora': 'X2', 'fora ou empate': 'X2', 'draw or away': 'X2', 'away or draw': 'X2', 'x ou 2': 'X2', 'x or 2': 'X2',
  '12': '12', '21': '12', 'casa ou fora': '12', 'home or away': '12', '1 ou 2': '12', '1 or 2': '12', 'sem empate': '12', 'no draw': '12',
};
const BTTS_YES = new Set(['gg', 'btts', 'btts yes', 'btts sim', 'bts', 'ambas marcam', 'ambas marcam sim', 'ambas equipas marcam', 'ambas as equipas marcam', 'ambas equipes marcam', 'ambas marcam yes', 'both teams to score', 'both teams score', 'both teams to score yes', 'both to score', 'gg sim', 'gg yes', 'sim ambas marcam', 'ambas sim', 'btts gg']);
const BTTS_NO = new Set(['ng', 'nogg', 'no gg', 'btts no', 'btts nao', 'ambas marcam nao', 'ambas nao marcam', 'nao ambas marcam', 'both teams to score no', 'gg nao', 'gg no', 'nao gg', 'ambas nao', 'no btts']);
const DC_PREFIX = /^(?:dupla hipotese|dupla chance|double chance|hipotese dupla|chance dupla|dc)\s+/;
const DNB = '(?:dnb|draw no bet|empate anula(?: a)?(?: aposta)?|ea)';
const OVER = '(?:over|mais de|mais|acima de|acima|sover)';
const UNDER = '(?:under|menos de|menos|abaixo de|abaixo|sunder)';
// Team goals take only the word forms: after a team, "+1.5" and "-1.5" are a handicap.
const OVER_WORD = '(?:over|mais de|mais|acima de|acima)';
const UNDER_WORD = '(?:under|menos de|menos|abaixo de|abaixo)';
const WIN_AFTER = '(?:vence|vencer|ganha|ganhar|win|wins|to win|para vencer|para ganhar|vitoria|winner)';
const WIN_BEFORE = '(?:vitoria|victoria|vence|ganha|win)(?: d[oae]s?)?';
const LINE = '(\\d{1,2}(?:\\.\\d{1,2})?)';

/** A pick's words folded and tidied: "1ª parte" → "1a parte", "2,5" → "2.5", "+2.5" → "sover 2.5", "1X&GG" → "1x & gg". */
function foldPick(text: string): string {
  return fold(text)
    .replace(/ht\s*\/\s*ft/g, 'htft')
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/(^|\s)\+\s?(\d)/g, '$1sover $2')
    .replace(/(^|\s)-(\d)/g, (whole: string, lead: string, digit: string, offset: number, all: string) =>
      // "-1.5" is under 1.5 goals; "-1" is a handicap and stays for UNKNOWN_MARKET.
      (/^-\d{1,2}\.5/.test(all.slice(offset + lead.length)) ? `${lead}sunder ${digit}` : `${lead}handicap ${digit}`))
    .replace(/\b(over|under|o|u)(\d)/g, (_whole: string, word: string, digit: string) => `${word === 'o' || word === 'over' ? 'over' : 'under'} ${digit}`)
    .replace(/(\d)\s*\+(?=\s|$)/g, '$1plus ')
    .replace(/([a-z0-9])\s*([&/])\s*(?=[a-z0-9])/g, '$1 $2 ')
    .replace(/([a-z0-9])\s*\+\s*(?=[a-z])/g, '$1 + ')
    .replace(/[^a-z0-9.&/+ ]+/g, ' ')
    .replace(/(^|\s)\.+|\.+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Side = 'home' | 'away';

/** Which written team a pick names, by name; null when it fits neither clearly. */
function sideOf(text: string, home: string, away: string, strict: boolean): Side | null {
  const word = text.trim();
  if (['casa', 'home', '1', 'visitado'].includes(word)) return 'home';
  if (['fora', 'away', '2', 'visitante'].includes(word)) return 'away';
  if (!home || !away || !hasLetter(word)) return null;
  const toHome = teamSimilarity(word, home, 'part');
  const toAway = teamSimilarity(word, away, 'part');
  const need = strict ? 0.9 : 0.8;
  if (toHome >= need && toHome - toAway >= 0.15) return 'home';
  if (toAway >= need && toAway - toHome >= 0.15) return 'away';
  return null;
}

function lineChoice(direction: 'over' | 'under', value: string, integer: boolean): string | null {
  const line = Number(value);
  if (!Number.isFinite(line)) return null;
  // Our goal and corner lines are all x.5; a whole line is only the asian corners' (a push is void there).
  if (integer ? !Number.isInteger(line) : Math.round(line * 10) % 10 !== 5 || Math.round(line * 100) % 10 !== 0) return null;
  return `${direction}_${line}`;
}

interface PickContext {
  home: string;
  away: string;
  /** Reading words after the teams to find where the pick starts: a team named in a pick must be clearly one of them. */
  strict: boolean;
  /** "Palpite: Petro" names the winner; after the teams on one line a bare name would be part of the away team. */
  teamAlone: boolean;
}

// A market we know written in a form we do not offer ("Over 2 goals", "GG HT", "exactly 8 goals"): a pick, not ours.
const NOT_OURS = 'not-ours';

/** One pick in our terms from folded words; NOT_OURS for a known market in a form we have not got; null when none. */
function readOnePick(folded: string, context: PickContext): TipPick | typeof NOT_OURS | null {
  let text = ` ${folded} `;
  const half1 = HALF_1.test(text);
  text = text.replace(HALF_1, ' ');
  const half2 = HALF_2.test(text);
  text = text.replace(HALF_2, ' ');
  const corners = CORNERS.test(text);
  text = text.replace(CORNERS, ' ');
  const asian = ASIAN.test(text);
  text = text.replace(ASIAN, ' ');
  text = text.replace(FILLER, ' ').replace(/^\s*1x2\s+/, ' ').replace(/\s+/g, ' ').trim();
  HALF_1.lastIndex = 0;
  HALF_2.lastIndex = 0;
  CORNERS.lastIndex = 0;
  ASIAN.lastIndex = 0;
  if (!text || (half1 && half2)) return null;
  const goalsOnly = !corners && !asian;
  const resultType = half1 ? 'ht_result' : half2 ? '2h_result' : 'ft_result';

  // Totals: "over 2.5", "mais de 1.5 golos", "+9.5 cantos", "under 0.5 ht".
  const total = new RegExp(`^(?:(${OVER})|(${UNDER}))\\s*${LINE}$`).exec(text);
  if (total?.[3]) {
    const direction = total[1] ? 'over' : 'under';
    if (asian) {
      const choice = lineChoice(direction, total[3], true);
      return choice && !half1 && !half2 ? { type: 'asian_corners', choice } : NOT_OURS;
    }
    const choice = lineChoice(direction, total[3], false);
    if (!choice || (corners && half2)) return NOT_OURS;
    return { type: corners ? (half1 ? '1h_corners' : 'corners') : half1 ? '1h_goals' : half2 ? '2h_goals' : 'goals', choice };
  }
  if (!goalsOnly) return null;

  const side = SIDE_WORDS[text];
  if (side) return { type: resultType, choice: side };

  const dc = DOUBLE_CHANCE[text.replace(DC_PREFIX, '')];
  if (dc) return half1 || half2 ? NOT_OURS : { type: 'double_chance', choice: dc };

  if (BTTS_YES.has(text)) return half1 || half2 ? NOT_OURS : { type: 'btts', choice: 'yes' };
  if (BTTS_NO.has(text)) return half1 || half2 ? NOT_OURS : { type: 'btts', choice: 'no' };

  // Exact goals: "exatamente 2 golos", "exact goals 3", "6+ golos exatos".
  const exact = /^(?:exact(?:ly)?|exa[c]?tamente|exa[c]?tos?)\s+(\d)(plus)?$|^(\d)(plus)?\s+(?:exact(?:os?)?|exa[c]?tos?|exa[c]?tas?)$/.exec(text);
  if (exact) {
    const count = Number(exact[1] ?? exact[3]);
    const plus = Boolean(exact[2] ?? exact[4]);
    if (half1 || half2 || count > 6 || (plus && count !== 6)) return NOT_OURS;
    return { type: 'exact_goals', choice: count >= 6 ? '6+' : String(count) };
  }

  // Draw no bet: "DNB 1", "empate anula casa", "Petro DNB".
  const dnb = new RegExp(`^${DNB}\\s+(.+)$|^(.+?)\\s+${DNB}$`).exec(text);
  if (dnb) {
    const named = sideOf(dnb[1] ?? dnb[2] ?? '', context.home, context.away, context.strict);
    return named && !half1 && !half2 ? { type: 'draw_no_bet', choice: named } : null;
  }

  // A team's goals: "Bayern over 1.5", "casa mais de 0.5".
  const teamTotal = new RegExp(`^(.+?)\\s+(?:(${OVER_WORD})|(${UNDER_WORD}))\\s*${LINE}$|^(?:(${OVER_WORD})|(${UNDER_WORD}))\\s*${LINE}\\s+(.+)$`).exec(text);
  if (teamTotal) {
    const named = sideOf(teamTotal[1] ?? teamTotal[8] ?? '', context.home, context.away, context.strict);
    const choice = lineChoice(teamTotal[2] || teamTotal[5] ? 'over' : 'under', teamTotal[4] ?? teamTotal[7] ?? '', false);
    if (!named || !choice) return null;
    return half1 || half2 ? null : { type: named === 'home' ? 'home_goals' : 'away_goals', choice };
  }

  // A named winner, or the winner or a draw: "Vitória do Petro", "Bayern to win", "Petro ou empate".
  const orDraw = /^(.+?)\s+(?:ou empate|or draw)$|^(?:empate ou|draw or)\s+(.+)$/.exec(text);
  if (orDraw) {
    const named = sideOf(orDraw[1] ?? orDraw[2] ?? '', context.home, context.away, context.strict);
    return named && !half1 && !half2 ? { type: 'double_chance', choice: named === 'home' ? '1X' : 'X2' } : null;
  }
  const winner = new RegExp(`^${WIN_BEFORE}\\s+(.+)$|^(.+?)\\s+${WIN_AFTER}$`).exec(text);
  if (winner) {
    const named = sideOf(winner[1] ?? winner[2] ?? '', context.home, context.away, context.strict);
    return named ? { type: resultType, choice: named } : null;
  }
  if (context.teamAlone) {
    const named = sideOf(text, context.home, context.away, context.strict);
    if (named && hasLetter(text)) return { type: resultType, choice: named };
  }
  return null;
}

const CONNECTOR = /\s(?:and|&|e|y|com|plus|\+|\/)\s/;

/**
 * The pick written as `text` in our terms; `{unreadable}` when the words are a pick we cannot take as one selection
 * (two picks in one, or a market we have not got); null when they are no pick at all (so the caller can tell a pick
 * from the end of a team's name).
 */
function readPick(text: string, context: PickContext): PickRead | null {
  const folded = foldPick(text);
  if (!folded || folded.split(' ').length > MAX_PICK_WORDS) return null;
  // A team and a handicap or its corners ("Arsenal +1.5", "Petro -1.5", "Arsenal over 9.5 cantos"): a market we have
  // not got, never the match's total.
  const afterTeam = wordsAfterTeam(folded, context);
  if (afterTeam !== null && (TEAM_HANDICAP.test(afterTeam) || CORNERS_WORD.test(` ${afterTeam} `))) return { unreadable: 'unknown-market' };
  // A market we have not got named anywhere ("Arsenal clean sheet", "Arsenal AH -0.5"): said before anything in it is
  // read as a pick of ours ("Arsenal" as Arsenal's win).
  if (UNKNOWN_MARKET.test(` ${folded} `)) return { unreadable: 'unknown-market', byName: true };
  const one = readOnePick(folded, context);
  if (one === NOT_OURS) return { unreadable: 'unknown-market' };
  if (one) return { pick: one };
  // Two picks in one: joined by a word ("1 and over 1.5", "1X & GG", "Casa e Over 1.5") or side by side ("1X GG").
  // Only picks of ours count: with a market we lack among them ("HT/FT 1/1") the answer is that market.
  // A team's name alone is no pick here: "Arsenal 1" is not Arsenal's win and "1".
  const partContext = { ...context, teamAlone: false };
  const isPick = (part: string) => readOnePick(part, partContext) !== null;
  const parts = folded.split(CONNECTOR).map((part) => part.trim()).filter(Boolean);
  if (parts.length >= 2 && parts.every(isPick)) return { unreadable: 'combined' };
  const words = folded.split(' ');
  for (let cut = 1; cut < words.length; cut += 1) {
    if (readOnePick(words.slice(0, cut).join(' '), partContext) && readOnePick(words.slice(cut).join(' '), partContext)) return { unreadable: 'combined' };
  }
  return null;
}

// What follows a team in a pick, folded: a handicap line ("sover 1.5" was "+1.5", "sunder 1.5" "-1.5", "handicap 1"
// "-1"), or corners.
const TEAM_HANDICAP = /^(?:sover|sunder|handicap)\s*\d/;
const CORNERS_WORD = /\s(?:cantos?|escanteios?|corners?)\s/;

/** The words after a team that the pick opens with ("arsenal sover 1.5" → "sover 1.5"), or null when it opens with none. */
function wordsAfterTeam(folded: string, context: PickContext): string | null {
  if (!context.home || !context.away) return null;
  const words = folded.split(' ');
  for (let cut = Math.min(3, words.length - 1); cut >= 1; cut -= 1) {
    const lead = words.slice(0, cut).join(' ');
    if (/[a-z]/.test(lead) && sideOf(lead, context.home, context.away, context.strict)) return words.slice(cut).join(' ');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// A line with two teams

interface TeamsLine {
  home: string;
  away: string;
  pickText: string;
  read: PickRead | null;
  odd: number | null;
  competition: string | null;
  kickoff: string | null;
  /** The teams were separated by a word (x, v, vs): surer than a dash, which also sits between teams and pick. */
  byWord: boolean;
}

// Words around the teams that are not part of any name: "Hoje", "Jogo do dia", "Aposta segura".
const NOISE_WORDS = new Set([
  'hoje', 'hj', 'amanha', 'today', 'tonight', 'tomorrow', 'jogo', 'partida', 'match', 'game', 'evento', 'aposta', 'segura', 'seguro', 'dica', 'do', 'dia',
  'bomba', 'banker', 'top', 'vip', 'free', 'gratis', 'futebol', 'football', 'soccer', 'jogao', 'classico', 'ja', 'agora', 'live',
  'aovivo', 'ao', 'vivo', 'sab', 'sabado', 'dom', 'domingo', 'seg', 'segunda', 'ter', 'terca', 'qua', 'quarta', 'qui', 'quinta', 'sex', 'sexta',
  'sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'of', 'the', 'confirmado', 'certeza', 'fixed', 'sure', 'odd', 'odds',
]);

function trimNoise(words: string[], fromStart: boolean): string[] {
  const list = [...words];
  while (list.length > 1) {
    const word = fromStart ? list[0] : list[list.length - 1];
    const folded = fold(word ?? '').replace(/[^a-z0-9]/g, '');
    if (folded !== '' && !NOISE_WORDS.has(folded)) break;
    if (fromStart) list.shift();
    else list.pop();
  }
  return list;
}

const WORD_SEPARATOR = /^(?:x|v|vs\.?|versus|contra|×)$/i;
const DASH_SEPARATOR = /^[-–—]$/;
// Between the away team and the pick.
const DELIMITER = /^(?:[-–—:|/,=>→»]+|=>|->)$/;

function isDelimiter(word: string): boolean {
  return DELIMITER.test(word);
}

function cleanTeam(words: readonly string[]): string {
  // A dash glued to a number stays: "-1" is a handicap, not a delimiter.
  return words.join(' ').replace(/^(?:[\s,:;.|/]+|[-–—]+(?!\d))+|[\s,:;\-–—|/]+$/g, '').trim();
}

/** The teams (and what follows them) of one line, or null when it has no two teams. */
function readTeamsLine(input: string): TeamsLine | null {
  const odd = extractOdd(input);
  const kickoff = extractKickoff(odd.rest);
  const bracketed = extractBracketed(kickoff.rest);
  const text = bracketed.rest.replace(/\s:(?=\s)/g, ' :').replace(/,\s/g, ' , ').replace(/\s+/g, ' ').trim();
  const words = text.split(' ').filter(Boolean).slice(0, MAX_REST_WORDS * 2);
  let at = words.findIndex((word, index) => index > 0 && index < words.length - 1 && WORD_SEPARATOR.test(word));
  const byWord = at > 0;
  if (!byWord) at = words.findIndex((word, index) => index > 0 && index < words.length - 1 && DASH_SEPARATOR.test(word));
  if (at <= 0) return null;
  const homeWords = trimNoise(words.slice(0, at).filter((word) => !isDelimiter(word)), true);
  const home = cleanTeam(homeWords);
  const rest = words.slice(at + 1, at + 1 + MAX_REST_WORDS);
  while (rest.length > 0 && isDelimiter(rest[0] ?? '')) rest.shift();
  if (!hasLetter(home) || rest.length === 0) return null;
  // "Ganhámos 3 x 0 ontem": a score, not two teams.
  if (/^\d+$/.test(words[at - 1] ?? '') && /^\d+$/.test(rest[0] ?? '')) return null;

  const found = splitAwayAndPick(home, rest);
  if (!found || !hasLetter(found.away)) return null;
  return {
    home,
    away: found.away,
    pickText: found.pickText,
    read: found.read,
    odd: odd.value === null ? null : readOdd(odd.value),
    competition: bracketed.competition,
    kickoff: kickoff.value ?? bracketed.kickoff,
    byWord,
  };
}

// Words that start a team's own pick after its name: its goals, a win, a handicap, corners, a market we lack.
const TEAM_PICK_START = /^(?:over|under|sover|sunder|mais|menos|acima|abaixo|\d+plus|vence|vencer|ganha|ganhar|win|wins|to|para|ou|or|dnb|empate|draw|ea|handicap|hcp|ah|eh|marca|marcar|clean|sem|primeiro|first|qualifica|qualifies|cantos?|corners?|escanteios?|golos?|gols?|goals?)$/;
// Words a club's name never ends on.
const NAME_LINKS = new Set(['de', 'do', 'da', 'dos', 'das', 'del', 'of', 'the', 'e', 'and', '&']);

/**
 * Where the away team ends when the words after it name one of the two teams again and a pick of that team follows
 * ("Arsenal Arsenal +1.5", "Arsenal City -1.5" after "Man City"); 0 when they do not. A name that is a club as a whole
 * ("Real Madrid" after "Real Betis", "Wolverhampton Wanderers") is no repeat.
 */
function teamRepeatAt(home: string, rest: readonly string[], awayAt: (cut: number) => string): number {
  const homeNormal = normalizeTeam(home);
  const homeWords = new Set([...homeNormal.split(' '), ...canonicalTeam(home).split(' ')]);
  const limit = Math.min(rest.length, 8);
  for (let cut = 1; cut < limit; cut += 1) {
    const awayPart = awayAt(cut);
    if (!awayPart || !hasLetter(awayPart) || NAME_LINKS.has(fold(rest[cut - 1] ?? ''))) continue;
    let from = cut;
    while (from < rest.length && isDelimiter(rest[from] ?? '')) from += 1;
    for (let end = from + 1; end <= Math.min(from + 3, rest.length - 1); end += 1) {
      const tail = cleanTeam(rest.slice(from, end));
      const next = foldPick(rest.slice(end).join(' ')).split(' ')[0] ?? '';
      if (!tail || !hasLetter(tail) || NAME_LINKS.has(fold(rest[from] ?? '')) || !TEAM_PICK_START.test(next)) continue;
      if (isKnownTeam(`${awayPart} ${tail}`)) continue;
      const tailNormal = normalizeTeam(tail);
      const tailWords = tailNormal.split(' ');
      const awayWords = new Set(normalizeTeam(awayPart).split(' '));
      const namesHome = canonicalTeam(tail) === canonicalTeam(home) || tailWords.every((word) => homeWords.has(word));
      const namesAway = canonicalTeam(tail) === canonicalTeam(awayPart) || tailWords.every((word) => awayWords.has(word));
      if (namesHome || namesAway) return cut;
    }
  }
  return 0;
}

/**
 * Where the away team ends and the pick starts in the words after the separator: the earliest cut that leaves a
 * readable pick; else a delimiter ("-", ":") with whatever follows as the pick; else the first word of a market we
 * have not got; else no pick at all.
 */
function splitAwayAndPick(home: string, rest: readonly string[]): { away: string; pickText: string; read: PickRead | null } | null {
  const awayAt = (cut: number) => cleanTeam(trimNoise(rest.slice(0, cut).filter((word) => !isDelimiter(word)), false));
  const pickAt = (cut: number) => cleanTeam(rest.slice(cut));
  // "Man City x Arsenal Arsenal +1.5", "… City -1.5", "… - Arsenal over 9.5 cantos": a team named again ends the
  // away team before it, and what follows is that team's pick (its goals, or a handicap or corners we have not got),
  // never the match's.
  const repeat = teamRepeatAt(home, rest, awayAt);
  if (repeat > 0) {
    const away = awayAt(repeat);
    const pickText = pickAt(repeat);
    return { away, pickText, read: readPick(pickText, { home, away, strict: false, teamAlone: true }) ?? { unreadable: 'unknown-market' } };
  }
  for (let cut = 1; cut < rest.length; cut += 1) {
    if (isDelimiter(rest[cut - 1] ?? '') && cut === 1) continue;
    const away = awayAt(cut);
    const pickText = pickAt(cut);
    if (!away || !pickText || !hasLetter(away)) continue;
    // "Athletic Bilbao Under 2.5", "Real Madrid over 2.5": the next word completes a club's name, so the pick
    // cannot start there (else "Bilbao under 2.5" would read as that team's goals).
    if (isKnownTeam(`${away} ${rest[cut] ?? ''}`)) continue;
    const read = readPick(pickText, { home, away, strict: true, teamAlone: false });
    // A market word inside is no proof the pick starts here ("Sagrada Esperança Handicap"); one opening it is.
    if (read && ('pick' in read || !read.byName || UNKNOWN_START.test(foldPick(pickText).split(' ')[0] ?? ''))) return { away, pickText, read };
  }
  // "Arsenal: Handicap -1" ends the away team at its colon; "Arsenal - Handicap -1" at the dash.
  const colon = rest.findIndex((word, index) => index < rest.length - 1 && word.length > 1 && word.endsWith(':'));
  const dash = rest.findIndex((word, index) => index > 0 && isDelimiter(word));
  const byColon = colon >= 0 && (dash < 0 || colon < dash);
  // The away team's last word, and the pick's first.
  const end = byColon ? colon + 1 : dash;
  const after = byColon ? colon + 1 : dash + 1;
  if (end > 0 && after < rest.length) {
    const away = awayAt(end);
    const pickText = pickAt(after);
    const read = readPick(pickText, { home, away, strict: false, teamAlone: true });
    return { away, pickText, read: read ?? { unreadable: 'unknown-market' } };
  }
  const unknown = rest.findIndex((word, index) => index > 0 && UNKNOWN_START.test(foldPick(word)));
  if (unknown > 0) return { away: awayAt(unknown), pickText: pickAt(unknown), read: { unreadable: 'unknown-market' } };
  const away = awayAt(rest.length);
  return away ? { away, pickText: '', read: null } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Labelled fields: "Jogo: …", "Palpite: …", "Odd: …"

type LabelKind = 'match' | 'pick' | 'odd' | 'competition' | 'kickoff' | 'stake' | 'total';

// Longest first where one label starts another ("odd total" before "odd"). A label may carry a number ("Jogo 2:")
// and a few words before its colon ("Aposta do dia:", "Mercado de golos:").
const LABELS: readonly (readonly [LabelKind, string])[] = [
  ['total', 'odds? totais|odds? total|total odds?|odd final|odds? acumulada|cota total|cotas? totais|total|retorno|ganho poss[ií]vel|poss[ií]vel ganho|ganhos?|pr[eé]mio|payout|return'],
  ['stake', STAKE_LABEL.replace('|aposta)', ')')],
  ['match', 'jogo|partida|match|game|evento|event|fixture|confronto|equipas|teams'],
  ['pick', 'aposta|palpite|mercado|tip|bet|pick|market|progn[oó]stico|previs[aã]o|sugest[aã]o|sele[cç][aã]o|selection|entrada'],
  ['odd', 'odds?|cotas?|cota[cç][aã]o|price'],
  ['competition', 'liga|competi[cç][aã]o|league|campeonato|torneio|competition|ta[cç]a|cup'],
  ['kickoff', 'hora|horas|data|kick ?-?off|time|hor[aá]rio|in[ií]cio|dia|date|quando'],
];
const LABEL_PATTERNS = LABELS.map(([kind, words]) => [kind, new RegExp(`^((?:${words})(?:\\s+(?!(?:x|v|vs)\\b)[\\p{L}]+){0,3})\\s*(?:n[ºo°]?\\s*)?\\d{0,2}\\s*[:：]\\s*`, 'iu')] as const);

function readLabel(field: string): { kind: LabelKind; label: string; value: string } | null {
  for (const [kind, pattern] of LABEL_PATTERNS) {
    const found = pattern.exec(field);
    if (found) return { kind, label: (found[1] ?? '').trim(), value: field.slice(found[0].length).trim() };
  }
  const atOdd = /^(?:@|odds?\s+|cota\s+)\s*(\d{1,3}(?:[.,]\d{1,3})?)$/i.exec(field);
  if (atOdd?.[1]) return { kind: 'odd', label: '', value: atOdd[1] };
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Assembling legs

interface Draft {
  lines: string[];
  home: string;
  away: string;
  hasTeams: boolean;
  /** A "Jogo:" label was seen: a leg even when its teams cannot be read. */
  labelledMatch: boolean;
  pickText: string;
  read: PickRead | null;
  odd: number | null;
  competition: string | null;
  kickoff: string | null;
}

function newDraft(): Draft {
  return { lines: [], home: '', away: '', hasTeams: false, labelledMatch: false, pickText: '', read: null, odd: null, competition: null, kickoff: null };
}

function toLeg(draft: Draft): ParsedLeg {
  const read = draft.pickText ? (draft.read ?? { unreadable: 'unknown-market' as const }) : null;
  return {
    text: draft.lines.join(' / '),
    home: draft.hasTeams ? draft.home : '',
    away: draft.hasTeams ? draft.away : '',
    pickText: draft.pickText,
    pick: read && 'pick' in read ? read.pick : null,
    unreadable: read === null ? 'missing' : 'unreadable' in read ? read.unreadable : null,
    odd: draft.odd,
    competition: draft.competition,
    kickoff: draft.kickoff,
  };
}

/** The pieces of a paste that may each be a leg: lines, split again at ";", bullets and in-line numbered items. */
function segments(text: string): (string | null)[] {
  const out: (string | null)[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      out.push(null);
      continue;
    }
    for (const piece of line.slice(0, MAX_LINE_CHARS * 4).split(/;|[•▪]\uFE0F?|\s+(?=\d{1,2}\)\s)/)) {
      if (piece.trim()) out.push(piece.trim().slice(0, MAX_LINE_CHARS));
    }
  }
  return out;
}

/** Reads a pasted tip: its legs (teams as written, the pick in our terms or why not), booking codes, a stake, the rest. */
export function parseTip(input: string): ParsedTip {
  const text = input.slice(0, MAX_TIP_CHARS).replace(/\r\n?/g, '\n');
  const legs: ParsedLeg[] = [];
  const bookingCodes: BookingCode[] = [];
  const ignored: string[] = [];
  let stake: number | null = null;
  let header: string | null = null;
  let current = null as Draft | null;

  const ignore = (line: string) => {
    if (ignored.length < MAX_IGNORED_LINES) ignored.push(line);
  };
  const flush = () => {
    const draft = current;
    current = null;
    if (!draft) return;
    const isLeg = draft.hasTeams || draft.labelledMatch || draft.pickText !== '';
    if (isLeg && legs.length < MAX_TIP_LEGS) legs.push(toLeg(draft));
    else for (const line of draft.lines) ignore(line);
  };
  const start = (): Draft => {
    flush();
    const draft = newDraft();
    draft.competition = header;
    current = draft;
    return draft;
  };
  const open = (): Draft => current ?? start();
  const setTeams = (draft: Draft, line: TeamsLine) => {
    draft.hasTeams = true;
    draft.home = line.home;
    draft.away = line.away;
    if (line.pickText) {
      draft.pickText = line.pickText;
      draft.read = line.read;
    }
    draft.odd ??= line.odd;
    draft.competition = line.competition ?? draft.competition;
    draft.kickoff ??= line.kickoff;
  };
  const setPick = (draft: Draft, value: string, sameLine: boolean) => {
    const read = readPick(value, { home: draft.home, away: draft.away, strict: false, teamAlone: true });
    if (draft.pickText && sameLine) {
      // A second pick on the same line ("Over 2.5 / GG"): two picks in one, never split.
      draft.pickText = `${draft.pickText} / ${value}`;
      draft.read = { unreadable: 'combined' };
      return;
    }
    draft.pickText = value;
    draft.read = read ?? { unreadable: 'unknown-market' };
  };

  for (const segment of segments(text)) {
    if (legs.length >= MAX_TIP_LEGS) break;
    if (segment === null) {
      // A blank line ends a leg that has its teams and pick: the next fields start another.
      if (current?.hasTeams && current.pickText) flush();
      continue;
    }
    const raw = segment;
    const line = stripMarker(stripEmoji(raw));
    if (!line) continue;

    const codes = readBookingCodes(line);
    if (codes) {
      bookingCodes.push(...codes.slice(0, 10));
      continue;
    }
    const lineStake = readStake(line);
    if (lineStake !== null) {
      stake = lineStake;
      continue;
    }

    let touched: Draft | null = null;
    let used = false;
    const fields = line.split(/\s+[|/]\s+/).map((field) => field.trim()).filter(Boolean);
    let pickedHere = false;
    for (const field of fields) {
      const label = readLabel(field);
      if (label) {
        const { kind, value } = label;
        if (kind === 'total' || !value) continue;
        if (kind === 'stake') {
          const amount = readStake(`valor ${value}`);
          if (amount !== null) {
            stake = amount;
            used = true;
          }
          continue;
        }
        // "Aposta do dia: Petro x Agosto 1X", "Liga dos Campeões: Real x City": the value is the match itself.
        const teams = kind === 'match' || kind === 'pick' || kind === 'competition' ? readTeamsLine(value) : null;
        if (kind === 'match' || (teams?.byWord && kind !== 'odd')) {
          const draft = current && !current.hasTeams && !current.labelledMatch && !current.pickText ? current : start();
          draft.labelledMatch = true;
          if (teams) setTeams(draft, teams);
          else {
            // "Jogo:" with something we cannot split into two teams: a leg all the same (not found, no teams).
            draft.home = value;
          }
          if (kind === 'competition' && /\s/.test(label.label)) draft.competition = label.label;
          touched = draft;
          used = true;
        } else if (kind === 'pick') {
          const stakeValue = readStake(`aposta ${value}`);
          if (stakeValue !== null && !readPick(value, { home: '', away: '', strict: false, teamAlone: false })) {
            stake = stakeValue;
            used = true;
            continue;
          }
          let draft = open();
          if (draft.pickText && !pickedHere) draft = start();
          setPick(draft, value, pickedHere);
          pickedHere = true;
          touched = draft;
          used = true;
        } else if (kind === 'odd') {
          const odd = readOdd(extractOdd(`@${value.replace(/^@\s*/, '')}`).value ?? '');
          if (odd === null) continue;
          let draft = open();
          if (draft.odd !== null) draft = start();
          draft.odd = odd;
          touched = draft;
          used = true;
        } else {
          let draft = open();
          // A second "Liga:" or "Hora:" starts the next block (blocks that open with their league).
          if (kind === 'competition' ? draft.competition !== null && draft.competition !== header : draft.kickoff !== null) draft = start();
          if (kind === 'competition') draft.competition = value;
          else draft.kickoff = value;
          touched = draft;
          used = true;
        }
        continue;
      }

      // No label: two teams, or a pick or odds for the leg above, or a competition heading.
      const teams = readTeamsLine(field);
      // A dash alone also sits in prose ("Boa sorte - família"): such a line is a leg only with a pick or odds.
      if (teams && (teams.byWord || teams.read || teams.odd !== null)) {
        const draft = current && !current.hasTeams && !current.pickText ? current : start();
        setTeams(draft, teams);
        if (teams.pickText) pickedHere = true;
        touched = draft;
        used = true;
        continue;
      }
      if (current && !pickedHere) {
        const draft: Draft = current;
        const odd = extractOdd(field);
        const pickWords = odd.rest.trim();
        const read = pickWords ? readPick(pickWords, { home: draft.home, away: draft.away, strict: false, teamAlone: false }) : null;
        if (read && !draft.pickText && draft.hasTeams) {
          draft.pickText = pickWords;
          draft.read = read;
          if (odd.value !== null) draft.odd ??= readOdd(odd.value);
          pickedHere = true;
          touched = draft;
          used = true;
          continue;
        }
        // "Petro x Agosto - 1X" and then "Over 2.5": a second pick for the same leg is two picks in one, never split
        // (and never dropped: the first alone is not the tip).
        if (read && draft.pickText && (draft.hasTeams || draft.labelledMatch)) {
          draft.pickText = `${draft.pickText} / ${pickWords}`;
          draft.read = { unreadable: 'combined' };
          if (odd.value !== null) draft.odd ??= readOdd(odd.value);
          pickedHere = true;
          touched = draft;
          used = true;
          continue;
        }
        if (!pickWords && odd.value !== null && draft.odd === null) {
          draft.odd = readOdd(odd.value);
          touched = draft;
          used = true;
          continue;
        }
      } else if (current && pickedHere) {
        const draft: Draft = current;
        const read = readPick(field, { home: draft.home, away: draft.away, strict: false, teamAlone: false });
        if (read) {
          setPick(draft, field, true);
          touched = draft;
          used = true;
          continue;
        }
      }
      if (fields.length === 1 && isCompetitionHeader(field)) {
        if (current?.hasTeams) flush();
        header = field;
        if (current && !current.hasTeams) current.competition = field;
        used = true;
      }
    }
    if (touched) touched.lines.push(raw);
    else if (!used) ignore(raw);
  }
  flush();
  return { legs, bookingCodes, stake, ignored };
}
