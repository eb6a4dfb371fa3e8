import { ANGOLA_UTC_OFFSET_MS } from '../angola-time.ts';
import { canonicalSimilarity, canonicalTeam } from './teams.ts';
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
}

interface Scored {
  prepared: Prepared;
  /** Mean of both sides' fit, times SWAPPED_FACTOR when swapped. */
  score: number;
  /** The weaker side's fit. */
  weakest: number;
  swapped: boolean;
}

function isUpcoming(fixture: ImportFixture, time: number, now: number): boolean {
  return fixture.status === 'NS' && time > now && time <= now + MATCH_WINDOW_MS;
}

function prepare(fixture: ImportFixture, now: number): Prepared {
  const time = Date.parse(fixture.date);
  return { fixture, home: canonicalTeam(fixture.home_name), away: canonicalTeam(fixture.away_name), time, upcoming: isUpcoming(fixture, time, now) };
}

function score(home: string, away: string, prepared: Prepared): Scored | null {
  // A side below the floor rules its pairing out: the other side's fit is not worked out at all.
  const forwardHome = canonicalSimilarity(home, prepared.home);
  const forwardAway = forwardHome >= CANDIDATE_TEAM_SCORE ? canonicalSimilarity(away, prepared.away) : 0;
  const swappedHome = canonicalSimilarity(home, prepared.away);
  const swappedAway = swappedHome >= CANDIDATE_TEAM_SCORE ? canonicalSimilarity(away, prepared.home) : 0;
  const forward = Math.min(forwardHome, forwardAway) >= CANDIDATE_TEAM_SCORE ? (forwardHome + forwardAway) / 2 : -1;
  const swapped = Math.min(swappedHome, swappedAway) >= CANDIDATE_TEAM_SCORE ? ((swappedHome + swappedAway) / 2) * SWAPPED_FACTOR : -1;
  if (forward < 0 && swapped < 0) return null;
  return forward >= swapped
    ? { prepared, score: forward, weakest: Math.min(forwardHome, forwardAway), swapped: false }
    : { prepared, score: swapped, weakest: Math.min(swappedHome, swappedAway), swapped: true };
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
  return mine.split(' ').every((word) => words.some((other) => other === word || (word.length >= 4 && other.startsWith(word)))) || canonicalSimilarity(mine, theirs) >= 0.8;
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

function matchLeg(leg: ParsedLeg, prepared: readonly Prepared[], priceOf: PriceOf, now: number): LegMatch {
  if (!leg.home.trim() || !leg.away.trim()) return notFound(leg, 'no-teams', null);
  const home = canonicalTeam(leg.home);
  const away = canonicalTeam(leg.away);
  if (!home || !away) return notFound(leg, 'no-teams', null);
  const ranked: Scored[] = [];
  for (const entry of prepared) {
    const scored = score(home, away, entry);
    if (scored) ranked.push(scored);
  }
  ranked.sort((a, b) => b.score - a.score || a.prepared.time - b.prepared.time);
  const upcoming = ranked.filter((entry) => entry.prepared.upcoming);
  const best = ranked[0];
  const bestUpcoming = upcoming[0];
  // The clubs' match has started or is over, and no pending one of theirs comes close: say so, with the match.
  if (best && !best.prepared.upcoming && !best.swapped && best.weakest >= MATCH_TEAM_SCORE && (!bestUpcoming || bestUpcoming.score < best.score - MATCH_MARGIN)) {
    return notFound(leg, 'started', best.prepared.fixture);
  }
  if (!bestUpcoming) return notFound(leg, 'no-event', null);

  let chosen: Scored | null = null;
  const next = upcoming[1];
  if (!bestUpcoming.swapped && bestUpcoming.weakest >= MATCH_TEAM_SCORE && (!next || bestUpcoming.score - next.score >= MATCH_MARGIN)) chosen = bestUpcoming;
  else if (leg.competition || leg.kickoff) {
    // Two fixtures of the same clubs (league and cup): the competition or kick-off written in the tip decides, when
    // it fits exactly one of those that fit about as well.
    const close = upcoming.filter((entry) => entry.score >= bestUpcoming.score - MATCH_MARGIN);
    const counted = close.map((entry) => ({ entry, count: hints(leg, entry.prepared, now) }));
    const most = Math.max(...counted.map((item) => item.count));
    const top = counted.filter((item) => item.count === most);
    const only = top[0]?.entry;
    const rest = upcoming.filter((entry) => !close.includes(entry));
    if (most > 0 && top.length === 1 && only && !only.swapped && only.weakest >= MATCH_TEAM_SCORE && (rest[0]?.score ?? -1) < only.score - MATCH_MARGIN) chosen = only;
  }
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
  return tip.legs.map((leg) => matchLeg(leg, prepared, priceOf, now));
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
