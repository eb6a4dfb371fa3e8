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
  'paris saint germain': ['psg', 'paris sg', 'paris', 'paris st germain'],
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
  const words = plain.split(' ').filter(Boolean).map((word) => (word === 'primeiro' ? '1' : word));
  const kept = words.filter((word) => !DECORATION.has(word));
  return (kept.length > 0 ? kept : words).join(' ');
}

// A misspelt alias ("Tottenam", "Wolvs") still names its club when it is close to exactly one written form. Short
// forms are left alone: "Roma" and "Rome" are far apart in meaning, near in letters.
const FUZZY_ALIAS_DICE = 0.8;
const FUZZY_ALIAS_MIN_LENGTH = 6;

function fuzzyAlias(normal: string): string | null {
  if (normal.length < FUZZY_ALIAS_MIN_LENGTH) return null;
  let best: string | null = null;
  let bestDice = 0;
  let tie = false;
  for (const [variant, canonical] of CANONICAL) {
    if (variant.length < FUZZY_ALIAS_MIN_LENGTH) continue;
    const dice = bigramDice(normal.replace(/ /g, ''), variant.replace(/ /g, ''));
    if (dice > bestDice) {
      tie = best !== null && best !== canonical && dice - bestDice < 0.05;
      best = canonical;
      bestDice = dice;
    } else if (dice === bestDice && canonical !== best) tie = true;
  }
  return bestDice >= FUZZY_ALIAS_DICE && !tie ? best : null;
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
  const canonical = CANONICAL.get(normal) ?? fuzzyAlias(normal) ?? normal;
  // The parser asks about the same few words many times per line; a bounded memo keeps a huge paste from growing it.
  if (CANONICAL_CACHE.size >= CANONICAL_CACHE_SIZE) CANONICAL_CACHE.clear();
  CANONICAL_CACHE.set(name, canonical);
  return canonical;
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
 * How close a written team name is to a fixture's, 0..1: 1 for the same club (alias table included), about 0.85 when
 * the written name is a clear short form or has extra words around the full name ("Werder" of "Werder Bremen"), lower
 * as words differ. Token-based Dice with each word allowed a typo or a prefix.
 */
export function teamSimilarity(written: string, fixtureName: string): number {
  return canonicalSimilarity(canonicalTeam(written), canonicalTeam(fixtureName));
}

/** teamSimilarity of two names already through canonicalTeam (the matcher canonicalises each fixture once). */
export function canonicalSimilarity(a: string, b: string): number {
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
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
  // among more written ones: a fit, but never as clear as the whole name, so two such fits stay ambiguous.
  if (matched === left.length && left.length < right.length) return Math.max(dice, 0.8 * mean + (0.1 * left.length) / right.length);
  if (matched === right.length && right.length < left.length) return Math.max(dice, 0.8 * mean + (0.1 * right.length) / left.length);
  return dice;
}
