// Team names as tipsters write them ("Man Utd", "Barça", "1º Agosto", "Koln") against the names our fixtures carry
// ("Manchester United", "FC Barcelona", "1º de Agosto", "1. FC Köln"). Both sides go through the same normalisation
// and alias table, so a fixture name the table has never seen still compares fairly with what was written.

// Words that decorate a club's name without telling clubs apart. Dropped only when something else is left, so a
// club called just "Club" (none is) would keep its name.
const DECORATION = new Set([
  'fc', 'sc', 'cd', 'cf', 'ac', 'afc', 'sl', 'as', 'ssc', 'vfb', 'vfl', 'tsg', 'sv', 'rb', 'clube', 'club', 'futebol',
  'de', 'do', 'da', 'dos', 'das', 'the', 'of', 'e', 'and',
]);

// Canonical name (normalised) → the ways it is written (normalised too). The canonical names are what a normalised
// fixture name comes out as, so a fixture and a tip meet on the same key.
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  // Girabola
  'petro luanda': ['petro', 'petro atletico', 'atletico petroleos luanda', 'petro atletico luanda', 'petroleos luanda', 'petroleos'],
  '1 agosto': ['1 agosto', 'dagosto', 'agosto', '1 ago', 'cd 1 agosto', 'primeiro agosto'],
  'sagrada esperanca': ['sagrada'],
  'recreativo libolo': ['libolo', 'rec libolo', 'recreativo libolo'],
  'wiliete benguela': ['wiliete', 'williete', 'wiliete sc'],
  'kabuscorp': ['kabuscorp palanca', 'kabuscorp sambizanga'],
  'academica lobito': ['academica', 'academica petroleos lobito'],
  'desportivo huila': ['huila', 'desp huila'],
  'bravos maquis': ['bravos'],
  'sporting cabinda': ['sporting cabinda'],
  'santa rita cassia': ['santa rita'],
  'progresso sambizanga': ['progresso', 'progresso associacao sambizanga'],
  'sao salvador congo': ['sao salvador'],
  'isaac benguela': ['isaac'],
  // Premier League
  'manchester united': ['man utd', 'man united', 'manchester utd', 'man u', 'mufc', 'man utd fc'],
  'manchester city': ['man city', 'mcfc', 'man cidade'],
  'tottenham hotspur': ['spurs', 'tottenham', 'tottenham spurs'],
  'wolverhampton wanderers': ['wolves', 'wolverhampton'],
  'nottingham forest': ['forest', 'nottm forest', 'nott forest', 'notts forest', 'nottingham', 'n forest'],
  'brighton hove albion': ['brighton', 'brighton hove', 'brighton albion'],
  'newcastle united': ['newcastle', 'newcastle utd'],
  'west ham united': ['west ham', 'west ham utd'],
  'aston villa': ['villa'],
  'crystal palace': ['palace'],
  'leeds united': ['leeds', 'leeds utd'],
  // La Liga
  'real madrid': ['real', 'r madrid', 'madrid'],
  'barcelona': ['barca', 'barcelona'],
  'atletico madrid': ['atleti', 'atletico', 'atl madrid', 'atletico madrid', 'at madrid'],
  'athletic': ['athletic bilbao', 'bilbao'],
  'celta vigo': ['celta'],
  'deportivo alaves': ['alaves'],
  'rayo vallecano': ['rayo'],
  'real sociedad': ['sociedad', 'la real'],
  'real betis': ['betis'],
  // Primeira Liga
  'benfica': ['slb', 'benfica lisboa', 'sport lisboa benfica'],
  'porto': ['fcp'],
  'sporting cp': ['sporting', 'sporting lisboa', 'sporting lisbon', 'sporting portugal', 'scp', 'sporting clube portugal'],
  'braga': ['sporting braga'],
  'vitoria guimaraes': ['vitoria', 'guimaraes', 'vitoria sc'],
  'estoril praia': ['estoril'],
  'estrela amadora': ['estrela'],
  // Serie A
  'inter': ['inter milan', 'internazionale', 'inter milano', 'fc internazionale'],
  'milan': ['ac milan', 'milan'],
  'juventus': ['juve'],
  'roma': ['as roma'],
  'hellas verona': ['verona'],
  'napoli': ['ssc napoli'],
  // Bundesliga
  'bayern munchen': ['bayern', 'bayern munich', 'fc bayern', 'bayern munique', 'fc bayern munchen'],
  'koln': ['cologne', '1 koln', 'fc koln', 'koeln', '1 fc koln'],
  'borussia dortmund': ['dortmund', 'bvb'],
  'bayer leverkusen': ['leverkusen'],
  'leipzig': ['rb leipzig'],
  'stuttgart': ['vfb stuttgart'],
  'eintracht frankfurt': ['frankfurt'],
  'borussia mgladbach': ['gladbach', 'mgladbach', 'monchengladbach', 'borussia monchengladbach'],
  'werder bremen': ['werder', 'bremen'],
  'mainz 05': ['mainz'],
  'hamburger': ['hamburg', 'hsv'],
  'st pauli': ['sankt pauli'],
  // European nights
  // Not bare "paris": "Paris FC" comes out as "paris" and is another club.
  'paris saint germain': ['psg', 'paris sg', 'paris st germain'],
  'olympique marseille': ['marseille', 'om'],
  'olympique lyonnais': ['lyon', 'ol'],
  'psv eindhoven': ['psv'],
  'fenerbahce': ['fener'],
  'galatasaray': ['gala'],
  'brugge': ['bruges'],
  'monaco': ['as monaco'],
};

const CANONICAL = new Map<string, string>();
for (const [canonical, variants] of Object.entries(ALIASES)) {
  CANONICAL.set(canonical, canonical);
  for (const variant of variants) CANONICAL.set(variant, canonical);
}

/**
 * A team name reduced to what tells clubs apart: lowercase, no accents or punctuation, "1º"/"1°"/"primeiro" as "1",
 * decoration words ("FC", "de", "Clube") dropped unless nothing else is left. "1º de Agosto" → "1 agosto",
 * "1. FC Köln" → "1 koln", "Nott'm Forest" → "nottm forest".
 */
export function normalizeTeam(name: string): string {
  const plain = name
    .slice(0, 200)
    .toLowerCase()
    .replace(/(\d)\s*[º°ª]/g, '$1')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  // "Sub-20", "U-21", "sub20" all as "u20": the youth side's marker, one word.
  const words = plain
    .replace(/\b(?:sub|u) ?(\d{2})\b/g, 'u$1')
    .split(' ')
    .filter(Boolean)
    .map((word) => (word === 'primeiro' ? '1' : word));
  const kept = words.filter((word) => !DECORATION.has(word));
  return (kept.length > 0 ? kept : words).join(' ');
}

// A misspelt alias ("Tottenam", "Wolvs") still names its club when it is close to exactly one written form. Short
// forms are left alone: "Roma" and "Rome" are far apart in meaning, near in letters.
const FUZZY_ALIAS_DICE = 0.8;
const FUZZY_ALIAS_MIN_LENGTH = 6;

// A typo changes a letter or two, never a word: "Atletico MG" is not a misspelt "Atletico", nor "Newcastle Jets" a
// misspelt "Newcastle".
const FUZZY_ALIAS_MAX_LENGTH_DIFFERENCE = 1;

function fuzzyAlias(normal: string): string | null {
  if (normal.length < FUZZY_ALIAS_MIN_LENGTH) return null;
  const joined = normal.replace(/ /g, '');
  const wordCount = normal.split(' ').length;
  let best: string | null = null;
  let bestDice = 0;
  let tie = false;
  for (const [variant, canonical] of CANONICAL) {
    if (variant.length < FUZZY_ALIAS_MIN_LENGTH || variant.split(' ').length !== wordCount) continue;
    const plain = variant.replace(/ /g, '');
    if (Math.abs(plain.length - joined.length) > FUZZY_ALIAS_MAX_LENGTH_DIFFERENCE) continue;
    const dice = bigramDice(joined, plain);
    if (dice > bestDice) {
      tie = best !== null && best !== canonical && dice - bestDice < 0.05;
      best = canonical;
      bestDice = dice;
    } else if (dice === bestDice && canonical !== best) tie = true;
  }
  return bestDice >= FUZZY_ALIAS_DICE && !tie ? best : null;
}

// Words that make a club's second side another team: its reserves, youth sides, women's side. A name with one must
// meet a name with the same ones, else it is at most a candidate ("Bayern" is not "Bayern München II").
const MARKER_WORDS = new Set(['b', 'ii', 'iii', 'u17', 'u18', 'u19', 'u20', 'u21', 'u23', 'women', 'womens', 'feminino', 'femenino', 'feminina', 'w', 'ladies', 'reserves', 'reserve', 'youth']);
// Spellings of the same marker.
const MARKER_OF: Readonly<Record<string, string>> = { womens: 'women', feminino: 'women', femenino: 'women', feminina: 'women', w: 'women', ladies: 'women', reserves: 'b', reserve: 'b' };

/** The reserve, youth and women's markers of a normalised name, in a fixed order ('' when none): "u21", "ii women". */
export function teamMarkers(normal: string): string {
  const found: string[] = [];
  const words = normal.split(' ');
  words.forEach((word, index) => {
    // A lone "B" or "W" is a name ("Arsenal W" is the women's side; a club called "B" is none).
    if (MARKER_WORDS.has(word) && (index > 0 || words.length === 1)) found.push(MARKER_OF[word] ?? word);
  });
  return found.sort().join(' ');
}

/** Whether the name is one the alias table knows, as written (after normalisation): "Athletic Bilbao", "Sagrada". */
export function isKnownTeam(name: string): boolean {
  return CANONICAL.has(normalizeTeam(name));
}

/** The normalised name, or the club it is an alias of ("man utd" → "manchester united", "tottenam" → "tottenham hotspur"). */
export function canonicalTeam(name: string): string {
  const known = CANONICAL_CACHE.get(name);
  if (known !== undefined) return known;
  const normal = normalizeTeam(name);
  const canonical = withMarkers(normal, (base) => CANONICAL.get(base) ?? fuzzyAlias(base) ?? base);
  // The parser asks about the same few words many times per line; a bounded memo keeps a huge paste from growing it.
  if (CANONICAL_CACHE.size >= CANONICAL_CACHE_SIZE) CANONICAL_CACHE.clear();
  CANONICAL_CACHE.set(name, canonical);
  return canonical;
}

/**
 * A fixture's team name as the matcher compares it: normalised, and the alias table's club only when the whole name
 * is an alias ("Man Utd"); never a fuzzy guess, so a club the table does not know ("Newcastle Jets", "Bayern
 * München II") stays itself.
 */
export function fixtureTeam(name: string): string {
  return withMarkers(normalizeTeam(name), (base) => CANONICAL.get(base) ?? base);
}

/**
 * A name with reserve, youth or women's markers as its club's name and the markers after it ("Spurs Women" and
 * "Tottenham Hotspur Women" both "tottenham hotspur women"); without markers, the name as `resolve` makes it.
 */
function withMarkers(normal: string, resolve: (base: string) => string): string {
  const words = normal.split(' ');
  const base: string[] = [];
  const markers: string[] = [];
  words.forEach((word, index) => {
    if (MARKER_WORDS.has(word) && index > 0) markers.push(MARKER_OF[word] ?? word);
    else base.push(word);
  });
  if (markers.length === 0) return resolve(normal);
  return `${resolve(base.join(' '))} ${markers.sort().join(' ')}`;
}

// A name alone that several clubs carry: written bare, it names none of them for sure (match.ts asks the user when
// more than one fixture has such a club).
const GENERIC_NAMES = new Set(['real', 'sporting', 'inter', 'manchester', 'united', 'city', 'madrid', 'atletico', 'athletic', 'olympique', 'borussia', 'racing', 'dynamo', 'dinamo']);

/** The word, when a written name is only a word several clubs carry ("Real", "Sporting"); else null. */
export function genericName(written: string): string | null {
  const normal = normalizeTeam(written);
  return GENERIC_NAMES.has(normal) ? normal : null;
}

const CANONICAL_CACHE_SIZE = 2000;
const CANONICAL_CACHE = new Map<string, string>();

function bigrams(word: string): string[] {
  const grams: string[] = [];
  for (let i = 0; i < word.length - 1; i += 1) grams.push(word.slice(i, i + 2));
  return grams;
}

/** Dice coefficient of the character bigrams of two words: 1 for the same word, high for a typo ("liverpol"). */
export function bigramDice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const left = bigrams(a);
  const right = bigrams(b);
  const counts = new Map<string, number>();
  for (const gram of right) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  let shared = 0;
  for (const gram of left) {
    const count = counts.get(gram) ?? 0;
    if (count > 0) {
      shared += 1;
      counts.set(gram, count - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

// A typo is still the word ("Liverpol", "Fiorentna"); below this it is another word.
const TYPO_DICE = 0.75;

/**
 * How well two words fit: 1 the same; a typo its bigram Dice; a short form a prefix of the other ("Soc" of
 * "Sociedad") between 0.6 and 0.9 by how much of it is written, so "Inter" of "Interclube" stays below a clear match.
 */
function wordFit(written: string, other: string): number {
  if (written === other) return 1;
  const key = `${written} ${other}`;
  const known = FIT_CACHE.get(key);
  if (known !== undefined) return known;
  const fit = computeWordFit(written, other);
  // Matching a leg compares its words with every fixture's: the same pairs come back leg after leg.
  if (FIT_CACHE.size >= FIT_CACHE_SIZE) FIT_CACHE.clear();
  FIT_CACHE.set(key, fit);
  return fit;
}

const FIT_CACHE_SIZE = 20_000;
const FIT_CACHE = new Map<string, number>();

function computeWordFit(written: string, other: string): number {
  // Digits are names here ("05", "1"): one digit off is another club, never a typo.
  if (/\d/.test(written) || /\d/.test(other)) return 0;
  if (written.length >= 3 && other.startsWith(written)) return 0.6 + (0.3 * written.length) / other.length;
  if (other.length >= 3 && written.startsWith(other)) return 0.6 + (0.3 * other.length) / written.length;
  const dice = bigramDice(written, other);
  return dice >= TYPO_DICE ? dice : 0;
}

/**
 * How two names may fit by words: 'match' for a written name against a fixture's (the matcher): a name inside a
 * longer one ("Arsenal" of "Arsenal Tula", "Everton" of "Everton de Viña del Mar") is at most a candidate, and the
 * reserve, youth and women's markers must be the same on both sides; 'part' for a pick naming one of the two teams
 * written beside it (parse.ts): the pick may be a part of a team's name ("City" of "Man City") but not a name with
 * more words ("Arsenal -1" is not Arsenal); 'loose' for anything else (competitions): either inside the other.
 */
export type SimilarityMode = 'match' | 'part' | 'loose';

/** A name inside a longer one, or two names with different markers: never above this in 'match' (a candidate). */
export const PART_OF_NAME_SCORE = 0.75;

/**
 * How close a written team name is to a fixture's, 0..1: 1 for the same club (alias table included), a candidate's
 * score when the written name is inside the fixture's or has words around it, lower as words differ. Token-based
 * Dice with each word allowed a typo or a prefix ("Real Soc" of "Real Sociedad").
 */
export function teamSimilarity(written: string, fixtureName: string, mode: SimilarityMode = 'match'): number {
  return canonicalSimilarity(canonicalTeam(written), mode === 'match' ? fixtureTeam(fixtureName) : canonicalTeam(fixtureName), mode);
}

/** teamSimilarity of two names already through canonicalTeam / fixtureTeam (the matcher prepares each fixture once). */
export function canonicalSimilarity(a: string, b: string, mode: SimilarityMode = 'match'): number {
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const capped = mode === 'match' && teamMarkers(a) !== teamMarkers(b);
  const value = wordSimilarity(a, b, mode);
  return capped ? Math.min(value, PART_OF_NAME_SCORE) : value;
}

function wordSimilarity(a: string, b: string, mode: SimilarityMode): number {
  const left = a.split(' ');
  const right = b.split(' ');
  // Greedy one-to-one: names are two or three words, so the best pair first is as good as an assignment. A bit mask
  // marks the words taken (no name has 31 words; longer ones were cut by the parser).
  let used = 0;
  let sum = 0;
  let matched = 0;
  for (const word of left) {
    let best = 0;
    let bestIndex = -1;
    for (let index = 0; index < right.length && index < 31; index += 1) {
      if (used & (1 << index)) continue;
      const fit = wordFit(word, right[index] ?? '');
      if (fit > best) {
        best = fit;
        bestIndex = index;
      }
    }
    if (bestIndex >= 0) {
      used |= 1 << bestIndex;
      sum += best;
      matched += 1;
    }
  }
  const dice = (2 * sum) / (left.length + right.length);
  const mean = matched > 0 ? sum / matched : 0;
  // Every written word found in a longer name ("Manchester" in "Manchester City"), or every word of the name found
  // among more written ones: a fit, but never as clear as the whole name, so two such fits stay ambiguous; in
  // 'match' only a candidate (the longer name may be another club: "Arsenal Tula").
  const inside = matched === left.length && left.length < right.length ? 0.8 * mean + (0.1 * left.length) / right.length : -1;
  const around = matched === right.length && right.length < left.length ? 0.8 * mean + (0.1 * right.length) / left.length : -1;
  if (mode === 'match') return Math.max(dice, Math.min(Math.max(inside, around), PART_OF_NAME_SCORE));
  // A pick with more words than the team's name is the team and something else ("Arsenal 1", "Real Sociedad -1").
  if (mode === 'part') return left.length > right.length ? Math.min(dice, PART_OF_NAME_SCORE) : Math.max(dice, inside);
  return Math.max(dice, inside, around);
}
