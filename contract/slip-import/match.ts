import { ANGOLA_UTC_OFFSET_MS } from '../angola-time.ts';
import { canonicalSimilarity, canonicalTeam, fixtureTeam, genericName, normalizeTeam } from './teams.ts';
import type { Candidate, ImportFixture, LegMatch, NotFoundReason, ParsedLeg, ParsedTip, PriceOf, TipPick } from './types.ts';

// Which of the fixtures the phone knows a parsed leg names. A wrong match costs the bettor money, an ambiguous one a
// tap: so a leg is matched only when both teams fit one fixture in the order written and nothing else comes close;
// otherwise the user chooses. The pick is never changed for another market or another match.

/** Only fixtures kicking off within this window from now can go in a slip (the app stores the next 7 days). */
export const MATCH_WINDOW_MS = 7 * 24 * 3_600_000;
/** Fixtures that started or finished this long ago still answer 'started' rather than 'no-event'. */
const STARTED_LOOKBACK_MS = 7 * 24 * 3_600_000;
/** Each written team must fit its side at least this well for a match (teams.ts: 1 the same club, ~0.85 a short form). */
export const MATCH_TEAM_SCORE = 0.8;
/** The matched fixture's score (mean of both sides) must lead the next fixture's by this much. */
export const MATCH_MARGIN = 0.1;
/** Below this on either side a fixture is not even offered as a candidate. */
export const CANDIDATE_TEAM_SCORE = 0.5;
/** A fixture fitting only with the teams the other way round is a candidate at this share of its score, never a match. */
export const SWAPPED_FACTOR = 0.9;
export const MAX_CANDIDATES = 5;

interface Prepared {
  fixture: ImportFixture;
  home: string;
  away: string;
  time: number;
  upcoming: boolean;
  /** Both teams come out as the same club (a derby of two "Paris" or a reserve side): never matched, at most a candidate. */
  sameClub: boolean;
  /** The words of each team's name, normalised and as the club: for a bare "Real" written (see hasGenericRival). */
  homeWords: ReadonlySet<string>;
  awayWords: ReadonlySet<string>;
}

interface Scored {
  prepared: Prepared;
  /** Mean of both sides' fit, times SWAPPED_FACTOR when swapped. */
  score: number;
  /** The weaker side's fit. */
  weakest: number;
  swapped: boolean;
  /** How well each written team fits the fixture's team on its side (in the pairing taken). */
  homeFit: number;
  awayFit: number;
}

function isUpcoming(fixture: ImportFixture, time: number, now: number): boolean {
  return fixture.status === 'NS' && time > now && time <= now + MATCH_WINDOW_MS;
}

function prepare(fixture: ImportFixture, now: number): Prepared {
  const time = Date.parse(fixture.date);
  const home = fixtureName(fixture.home_name);
  const away = fixtureName(fixture.away_name);
  return { fixture, home: home.name, away: away.name, time, upcoming: isUpcoming(fixture, time, now), sameClub: home.name === away.name, homeWords: home.words, awayWords: away.words };
}

interface FixtureName {
  name: string;
  words: ReadonlySet<string>;
}

// The same list is matched again and again (each paste, each edit, again online): its names are worked out once.
const FIXTURE_NAME_CACHE_SIZE = 20_000;
const FIXTURE_NAME_CACHE = new Map<string, FixtureName>();

function fixtureName(written: string): FixtureName {
  const known = FIXTURE_NAME_CACHE.get(written);
  if (known) return known;
  const name = fixtureTeam(written);
  const entry = { name, words: new Set([...normalizeTeam(written).split(' '), ...name.split(' ')]) };
  if (FIXTURE_NAME_CACHE.size >= FIXTURE_NAME_CACHE_SIZE) FIXTURE_NAME_CACHE.clear();
  FIXTURE_NAME_CACHE.set(written, entry);
  return entry;
}

interface Generic {
  home: string | null;
  away: string | null;
}

const NO_GENERIC: Generic = { home: null, away: null };

/**
 * A written team against a fixture's: a bare word several clubs carry ("Real") fits every club with that word at
 * least as a candidate, so those fixtures are offered beside the one its alias names.
 */
function sideFit(written: string, generic: string | null, name: string, words: ReadonlySet<string>): number {
  const fit = canonicalSimilarity(written, name);
  return generic && fit < GENERIC_FIT && words.has(generic) ? GENERIC_FIT : fit;
}

const GENERIC_FIT = 0.6;

function score(home: string, away: string, prepared: Prepared, generic: Generic = NO_GENERIC): Scored | null {
  // A side below the floor rules its pairing out: the other side's fit is not worked out at all.
  const forwardHome = sideFit(home, generic.home, prepared.home, prepared.homeWords);
  const forwardAway = forwardHome >= CANDIDATE_TEAM_SCORE ? sideFit(away, generic.away, prepared.away, prepared.awayWords) : 0;
  const swappedHome = sideFit(home, generic.home, prepared.away, prepared.awayWords);
  const swappedAway = swappedHome >= CANDIDATE_TEAM_SCORE ? sideFit(away, generic.away, prepared.home, prepared.homeWords) : 0;
  const forward = Math.min(forwardHome, forwardAway) >= CANDIDATE_TEAM_SCORE ? (forwardHome + forwardAway) / 2 : -1;
  const swapped = Math.min(swappedHome, swappedAway) >= CANDIDATE_TEAM_SCORE ? ((swappedHome + swappedAway) / 2) * SWAPPED_FACTOR : -1;
  if (forward < 0 && swapped < 0) return null;
  return forward >= swapped
    ? { prepared, score: forward, weakest: Math.min(forwardHome, forwardAway), swapped: false, homeFit: forwardHome, awayFit: forwardAway }
    : { prepared, score: swapped, weakest: Math.min(swappedHome, swappedAway), swapped: true, homeFit: swappedHome, awayFit: swappedAway };
}

/** The same pick seen from the other side: for a fixture that has the written teams the other way round. */
export function mirrorPick(pick: TipPick): TipPick {
  const side: Readonly<Record<string, string>> = { home: 'away', away: 'home', '1X': 'X2', X2: '1X' };
  if (pick.type === 'home_goals') return { type: 'away_goals', choice: pick.choice };
  if (pick.type === 'away_goals') return { type: 'home_goals', choice: pick.choice };
  if (['ft_result', 'ht_result', '2h_result', 'draw_no_bet', 'double_chance'].includes(pick.type)) return { type: pick.type, choice: side[pick.choice] ?? pick.choice };
  return pick;
}

// ---------------------------------------------------------------------------------------------------------------
// What a tip writes beside the teams, to break a tie between fixtures of the same two clubs

const COMPETITION_ALIASES: Readonly<Record<string, string>> = {
  'liga dos campeoes': 'champions league', ucl: 'champions league', champions: 'champions league', 'liga campeoes': 'champions league',
  'liga europa': 'europa league', uel: 'europa league', epl: 'premier league', premier: 'premier league', 'liga inglesa': 'premier league',
  laliga: 'la liga', 'liga espanhola': 'la liga', 'liga portugal': 'primeira liga', 'liga betclic': 'primeira liga', 'liga nos': 'primeira liga',
  'liga portuguesa': 'primeira liga', calcio: 'serie a', 'liga italiana': 'serie a', 'liga alema': 'bundesliga', 'campeonato angolano': 'girabola',
};

function foldCompetition(name: string): string {
  const plain = name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').replace(/\b(?:uefa|de|da|do|the)\b/g, ' ').replace(/\s+/g, ' ').trim();
  return COMPETITION_ALIASES[plain] ?? plain;
}

function competitionFits(written: string, fixture: ImportFixture): boolean {
  const mine = foldCompetition(written);
  const theirs = foldCompetition(fixture.competition_name);
  if (!mine || !theirs) return false;
  if (mine === theirs) return true;
  const words = theirs.split(' ');
  return mine.split(' ').every((word) => words.some((other) => other === word || (word.length >= 4 && other.startsWith(word)))) || canonicalSimilarity(mine, theirs, 'loose') >= 0.8;
}

const WEEKDAYS: readonly (readonly string[])[] = [
  ['dom', 'domingo', 'sun', 'sunday'],
  ['seg', 'segunda', 'mon', 'monday'],
  ['ter', 'terca', 'tue', 'tuesday'],
  ['qua', 'quarta', 'wed', 'wednesday'],
  ['qui', 'quinta', 'thu', 'thursday'],
  ['sex', 'sexta', 'fri', 'friday'],
  ['sab', 'sabado', 'sat', 'saturday'],
];

/** Whether a written kick-off ("20:00", "Sáb 18h", "Hoje 20h30") agrees with the fixture's, in Angola's time. */
function kickoffFits(written: string, prepared: Prepared, now: number): boolean {
  const text = written.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const local = new Date(prepared.time + ANGOLA_UTC_OFFSET_MS);
  const clock = /(\d{1,2})\s*(?::|h)\s*(\d{2})?/.exec(text);
  if (clock && (Number(clock[1]) !== local.getUTCHours() || Number(clock[2] ?? 0) !== local.getUTCMinutes())) return false;
  const dayOf = (time: number) => Math.floor((time + ANGOLA_UTC_OFFSET_MS) / 86_400_000);
  const words = text.split(/[^a-z]+/).filter(Boolean);
  for (const word of words) {
    if ((word === 'hoje' || word === 'today') && dayOf(prepared.time) !== dayOf(now)) return false;
    if ((word === 'amanha' || word === 'tomorrow') && dayOf(prepared.time) !== dayOf(now) + 1) return false;
    const weekday = WEEKDAYS.findIndex((names) => names.includes(word));
    if (weekday >= 0 && weekday !== local.getUTCDay()) return false;
  }
  return Boolean(clock) || words.length > 0;
}

function hints(leg: ParsedLeg, prepared: Prepared, now: number): number {
  let count = 0;
  if (leg.competition && competitionFits(leg.competition, prepared.fixture)) count += 1;
  if (leg.kickoff && kickoffFits(leg.kickoff, prepared, now)) count += 1;
  return count;
}

// ---------------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------------
// Which fixtures are worth scoring at all

function bigramSet(word: string): Set<string> {
  const grams = new Set<string>();
  for (let at = 0; at < word.length - 1; at += 1) grams.add(word.slice(at, at + 2));
  return grams;
}

/**
 * The prepared fixtures by the words of their teams' names. A fixture is a candidate only if each written team fits
 * one of its teams at CANDIDATE_TEAM_SCORE or more, which takes a written word that fits one of its words (teams.ts
 * wordFit): the same word, a prefix of it or it of the word (both start with the same three letters), or a typo of
 * it (bigram Dice at least TYPO_DICE 0.75, so they share at least 0.375 of their bigrams together, less the written
 * word's repeated ones). Words meeting none of these are never compared, nor the fixtures made only of them: exact,
 * so it changes no result, and a leg is scored against the few fixtures that share a word with it.
 */
class FixtureIndex {
  private readonly prepared: readonly Prepared[];
  private readonly wordIds = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly bigramCounts: number[] = [];
  private readonly fixturesOf: number[][] = [];
  private readonly byBigram = new Map<string, number[]>();
  private readonly byStart = new Map<string, number[]>();
  private counts = new Int32Array(0);
  private touchedAt = new Uint32Array(0);
  private stamp = 0;

  constructor(prepared: readonly Prepared[]) {
    this.prepared = prepared;
    prepared.forEach((entry, position) => {
      const names = new Set([...entry.home.split(' '), ...entry.away.split(' '), ...entry.homeWords, ...entry.awayWords]);
      for (const word of names) if (word) this.add(word, position);
    });
    this.counts = new Int32Array(this.words.length);
    this.touchedAt = new Uint32Array(this.words.length);
  }

  private add(word: string, position: number): void {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.wordIds.set(word, id);
      this.words.push(word);
      this.fixturesOf.push([]);
      const grams = bigramSet(word);
      this.bigramCounts.push(word.length - 1);
      for (const gram of grams) {
        const list = this.byBigram.get(gram);
        if (list) list.push(id);
        else this.byBigram.set(gram, [id]);
      }
      if (word.length >= 3) {
        const start = word.slice(0, 3);
        const list = this.byStart.get(start);
        if (list) list.push(id);
        else this.byStart.set(start, [id]);
      }
    }
    const fixtures = this.fixturesOf[id];
    if (fixtures && fixtures[fixtures.length - 1] !== position) fixtures.push(position);
  }

  /** The ids of the indexed words a written word may fit (see the class). */
  private wordsNear(written: string, out: Set<number>): void {
    const same = this.wordIds.get(written);
    if (same !== undefined) out.add(same);
    if (/\d/.test(written)) return;
    if (written.length >= 3) {
      for (const id of this.byStart.get(written.slice(0, 3)) ?? []) {
        const word = this.words[id] ?? '';
        if (word.startsWith(written) || written.startsWith(word)) out.add(id);
      }
    }
    if (written.length < 2) return;
    const grams = bigramSet(written);
    const repeated = written.length - 1 - grams.size;
    this.stamp += 1;
    const stamp = this.stamp;
    const touched: number[] = [];
    for (const gram of grams) {
      for (const id of this.byBigram.get(gram) ?? []) {
        if (this.touchedAt[id] !== stamp) {
          this.touchedAt[id] = stamp;
          this.counts[id] = 0;
          touched.push(id);
        }
        this.counts[id] = (this.counts[id] ?? 0) + 1;
      }
    }
    for (const id of touched) {
      const need = 0.375 * (written.length - 1 + (this.bigramCounts[id] ?? 0)) - repeated;
      if ((this.counts[id] ?? 0) >= need && !/\d/.test(this.words[id] ?? '')) out.add(id);
    }
  }

  private fixturesNear(name: string, generic: string | null): Set<number> {
    const ids = new Set<number>();
    for (const word of name.split(' ')) if (word) this.wordsNear(word, ids);
    if (generic) this.wordsNear(generic, ids);
    const fixtures = new Set<number>();
    for (const id of ids) for (const position of this.fixturesOf[id] ?? []) fixtures.add(position);
    return fixtures;
  }

  /** The fixtures a leg's two written teams may both fit, in the order given. */
  near(home: string, away: string, generic: Generic): Prepared[] {
    const homeFixtures = this.fixturesNear(home, generic.home);
    const found: number[] = [];
    for (const position of this.fixturesNear(away, generic.away)) if (homeFixtures.has(position)) found.push(position);
    found.sort((a, b) => a - b);
    return found.map((position) => this.prepared[position]).filter((entry): entry is Prepared => entry !== undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------

const UNREADABLE_REASON = { combined: 'combined', 'unknown-market': 'unknown-market', missing: 'missing-pick' } as const satisfies Record<string, NotFoundReason>;

function notFound(leg: ParsedLeg, reason: NotFoundReason, fixture: ImportFixture | null): LegMatch {
  return { state: 'not-found', leg, reason, fixture };
}

/** The leg on one fixture whose teams fit: matched at our price, or not found with why (the pick, or no price). */
function withPick(leg: ParsedLeg, fixture: ImportFixture, swapped: boolean, fit: number, priceOf: PriceOf): LegMatch {
  if (leg.unreadable) return notFound(leg, UNREADABLE_REASON[leg.unreadable], fixture);
  if (!leg.pick) return notFound(leg, 'missing-pick', fixture);
  const pick = swapped ? mirrorPick(leg.pick) : leg.pick;
  const odds = priceOf(fixture.id, pick);
  if (odds === undefined) return notFound(leg, 'no-prices', fixture);
  if (odds === null) return notFound(leg, 'not-offered', fixture);
  return { state: 'matched', leg, fixture, pick, odds, score: Math.round(fit * 1000) / 1000 };
}

function candidateOf(leg: ParsedLeg, scored: Scored, priceOf: PriceOf): Candidate {
  const pick = leg.pick && scored.swapped ? mirrorPick(leg.pick) : leg.pick;
  return {
    fixture: scored.prepared.fixture,
    score: Math.round(scored.score * 1000) / 1000,
    odds: pick ? priceOf(scored.prepared.fixture.id, pick) : null,
    swapped: scored.swapped,
    pick,
  };
}

/** Whether a fixture can be matched on its own: teams in the order written, each side clearly fitting, two clubs. */
function isClear(entry: Scored): boolean {
  return !entry.swapped && !entry.prepared.sameClub && entry.weakest >= MATCH_TEAM_SCORE;
}

/**
 * A bare "Real" or "Sporting" written on one side, and another pending fixture where the other written team fits and
 * a club carrying that word plays on that side ("Betis x Real" beside Real Betis v Real Madrid and Real Betis v Real
 * Sociedad): the word names none of them for sure, so the user chooses.
 */
function hasGenericRival(chosen: Scored, generic: { home: string | null; away: string | null }, upcoming: readonly Scored[]): boolean {
  return upcoming.some((entry) => {
    if (entry === chosen || entry.swapped) return false;
    if (generic.home && entry.prepared.homeWords.has(generic.home) && entry.awayFit >= MATCH_TEAM_SCORE) return true;
    return Boolean(generic.away && entry.prepared.awayWords.has(generic.away) && entry.homeFit >= MATCH_TEAM_SCORE);
  });
}

function matchLeg(leg: ParsedLeg, index: FixtureIndex, priceOf: PriceOf, now: number): LegMatch {
  if (!leg.home.trim() || !leg.away.trim()) return notFound(leg, 'no-teams', null);
  const home = canonicalTeam(leg.home);
  const away = canonicalTeam(leg.away);
  if (!home || !away) return notFound(leg, 'no-teams', null);
  const generic = { home: genericName(leg.home), away: genericName(leg.away) };
  const ranked: Scored[] = [];
  for (const entry of index.near(home, away, generic)) {
    const scored = score(home, away, entry, generic);
    if (scored) ranked.push(scored);
  }
  ranked.sort((a, b) => b.score - a.score || a.prepared.time - b.prepared.time);
  const upcoming = ranked.filter((entry) => entry.prepared.upcoming);
  const best = ranked[0];
  const bestUpcoming = upcoming[0];
  // The clubs' match has started or is over, and no pending one of theirs comes close: say so, with the match.
  if (best && !best.prepared.upcoming && isClear(best) && (!bestUpcoming || bestUpcoming.score < best.score - MATCH_MARGIN)) {
    return notFound(leg, 'started', best.prepared.fixture);
  }
  if (!bestUpcoming) return notFound(leg, 'no-event', null);

  let chosen: Scored | null = null;
  const next = upcoming[1];
  if (isClear(bestUpcoming) && (!next || bestUpcoming.score - next.score >= MATCH_MARGIN)) chosen = bestUpcoming;
  else if (leg.competition || leg.kickoff) {
    // Two fixtures of the same clubs (league and cup): the competition or kick-off written in the tip decides, when
    // it fits exactly one of those that fit about as well.
    const close = upcoming.filter((entry) => entry.score >= bestUpcoming.score - MATCH_MARGIN);
    const counted = close.map((entry) => ({ entry, count: hints(leg, entry.prepared, now) }));
    const most = Math.max(...counted.map((item) => item.count));
    const top = counted.filter((item) => item.count === most);
    const only = top[0]?.entry;
    const rest = upcoming.filter((entry) => !close.includes(entry));
    if (most > 0 && top.length === 1 && only && isClear(only) && (rest[0]?.score ?? -1) < only.score - MATCH_MARGIN) chosen = only;
  }
  // Both written teams the same club ("Paris FC x PSG" once read as two PSGs), or a bare "Real" that other fixtures
  // fit as well: never matched.
  if (chosen && (home === away || hasGenericRival(chosen, generic, upcoming))) chosen = null;
  if (chosen) return withPick(leg, chosen.prepared.fixture, false, chosen.score, priceOf);

  // No clear fixture: a pick we could never take makes choosing pointless.
  if (leg.unreadable) return notFound(leg, UNREADABLE_REASON[leg.unreadable], null);
  return { state: 'ambiguous', leg, candidates: upcoming.slice(0, MAX_CANDIDATES).map((entry) => candidateOf(leg, entry, priceOf)), pick: leg.pick };
}

/**
 * Each leg of a parsed tip against the fixtures the phone knows, in the tip's order. `now` is the clock (ms): only
 * fixtures not started (status NS, kick-off after now) and kicking off within MATCH_WINDOW_MS can be matched.
 */
export function matchTip(tip: ParsedTip, fixtures: readonly ImportFixture[], priceOf: PriceOf, now: number): LegMatch[] {
  const prepared: Prepared[] = [];
  for (const fixture of fixtures) {
    const entry = prepare(fixture, now);
    if (Number.isFinite(entry.time) && entry.time <= now + MATCH_WINDOW_MS && entry.time >= now - STARTED_LOOKBACK_MS) prepared.push(entry);
  }
  const index = new FixtureIndex(prepared);
  return tip.legs.map((leg) => matchLeg(leg, index, priceOf, now));
}

/**
 * The leg on the fixture the user chose among its candidates: matched at our price, or not found with why (started
 * since, out of the window, the pick unreadable or not offered). A fixture with the written teams the other way
 * round takes the pick by team: "Brighton x Leicester 1" on Leicester v Brighton is Brighton's win, away.
 */
export function resolveCandidate(leg: ParsedLeg, fixture: ImportFixture, priceOf: PriceOf, now: number): LegMatch {
  const prepared = prepare(fixture, now);
  if (!prepared.upcoming) {
    const started = fixture.status !== 'NS' || prepared.time <= now;
    return notFound(leg, started ? 'started' : 'no-event', fixture);
  }
  const scored = score(canonicalTeam(leg.home), canonicalTeam(leg.away), prepared);
  return withPick(leg, fixture, scored?.swapped ?? false, scored?.score ?? 0, priceOf);
}
