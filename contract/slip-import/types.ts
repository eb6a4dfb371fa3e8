import type { MarketType } from '../schemas/events.ts';

// Bringing a slip in from a tip's text (docs/decisions.md "Importing a tip"): what the parser reads out of the text
// (parse.ts) and what the matcher makes of it against the fixtures the phone knows (match.ts). Pure data, no zod:
// the importer runs on the phone, offline too.

/** A market and pick in our terms (docs/api/betting.md "Markets and choices"): `{type: 'goals', choice: 'over_1.5'}`. */
export interface TipPick {
  type: MarketType;
  choice: string;
}

/** Why the words of a pick name nothing we can offer as one selection. */
export type UnreadablePick =
  /** Two picks in one ("1 and over 1.5", "1X & GG"): our markets do not offer the combination, and it is never split. */
  | 'combined'
  /** Words that name no market we have ("Anytime goalscorer", "Handicap -1"). */
  | 'unknown-market'
  /** No pick written at all. */
  | 'missing';

export interface ParsedLeg {
  /** The leg as written (its lines joined by " / "), shown as it was when nothing matches. */
  text: string;
  /** The two teams as written, trimmed of decoration (emoji, "Jogo:"), in the order written: home first. */
  home: string;
  away: string;
  /** The pick as written ("Over 0.5 Goals HT", "1X"), '' when there is none. */
  pickText: string;
  /** The pick in our terms, or null with why. */
  pick: TipPick | null;
  unreadable: UnreadablePick | null;
  /** The odds written in the tip ("@1.45", "Odd: 1.48"), null when none. */
  odd: number | null;
  /** A competition written beside the leg ("Girabola", "Premier League"), null when none. */
  competition: string | null;
  /** A kick-off written beside the leg, as written ("20:00", "Sáb 18h"), null when none. */
  kickoff: string | null;
}

/** A bookmaker's booking code found in the text: kept as a note on the slip, never looked up anywhere. */
export interface BookingCode {
  /** The bookmaker named beside it ("SportyBet", "Premier Bet"), null when none is named. */
  bookmaker: string | null;
  code: string;
}

export interface ParsedTip {
  legs: ParsedLeg[];
  bookingCodes: BookingCode[];
  /** A stake line ("Valor: 1000 Kz", "Stake 500"), in whole Kz; null when none. */
  stake: number | null;
  /** Lines that are neither a leg nor anything above (greetings, "Boa sorte 🍀", totals), as written. */
  ignored: string[];
}

/** A fixture as the phone knows it (the stored upcoming events: SPEC §3 Event, main fields only). */
export interface ImportFixture {
  id: string;
  /** Kick-off, ISO 8601. */
  date: string;
  status: string;
  competition_name: string;
  home_name: string;
  away_name: string;
}

/**
 * Our current price of one pick on one event: a number (decimal odds), null when the event does not offer it now
 * (market closed, choice not priced), undefined when the phone does not know that event's markets (only its main
 * odds were stored and it is offline).
 */
export type PriceOf = (eventId: string, pick: TipPick) => number | null | undefined;

export type NotFoundReason =
  /** The line has no two teams the parser could read. */
  | 'no-teams'
  /** No upcoming fixture in the next 7 days has both teams. */
  | 'no-event'
  /** The fixture has started or is over: only pending selections go in a slip. */
  | 'started'
  /** See UnreadablePick. */
  | 'combined'
  | 'unknown-market'
  | 'missing-pick'
  /** The fixture does not offer that pick now. */
  | 'not-offered'
  /** The phone has not got that fixture's markets (offline, event never opened): try again online. */
  | 'no-prices';

export interface Candidate {
  fixture: ImportFixture;
  /** 0..1, how close the written teams are to the fixture's. */
  score: number;
  /** Our price of the leg's pick on this fixture (see PriceOf), when the pick was read. */
  odds: number | null | undefined;
  /**
   * The fixture has the written teams the other way round (away written first). Such a fixture is only ever a
   * candidate, never matched on its own; its pick is read by team (below).
   */
  swapped?: boolean;
  /** The leg's pick in this fixture's terms: the leg's own, or its mirror when swapped ("1" on the written first team is away). */
  pick?: TipPick | null;
}

export type LegMatch =
  | { state: 'matched'; leg: ParsedLeg; fixture: ImportFixture; pick: TipPick; odds: number; score: number }
  /**
   * No one fixture fits clearly: the user picks one (or none); candidates best first, at most 5. Usually two or more fit
   * about as well; a single candidate is one that fits only loosely or with the teams the other way round.
   */
  | { state: 'ambiguous'; leg: ParsedLeg; candidates: Candidate[]; pick: TipPick | null }
  | { state: 'not-found'; leg: ParsedLeg; reason: NotFoundReason; fixture: ImportFixture | null };
