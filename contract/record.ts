import type { RecordFigures, RecordSummary, UserRecord } from './schemas/record.ts';
import { roundOdds, slipMultiplier, slipReturn, type LegStatus, type SlipOutcome } from './slip-math.ts';

// A tipster's verified record (docs/api/betting.md "The record"), the one place of its rules: the server computes it
// from the user's slips, the app shows what the server computed. Pure functions, no schema library, so the app may
// import it cheaply.
//
// The rules:
// - Only published slips whose result the server decided count. A slip is published at creation; hiding it later
//   takes it off public lists but never out of the record (no cherry-picking).
// - Won and lost slips are counted (liquidadas). A void slip (every leg void) is listed in `anuladas` and never counts
//   as a win, a loss or in the ROI. A pending slip (also one whose leg has had no result for a day) never counts.
// - A slip published after any of its matches had started never counts, nor is it listed.
// - ROI = (returns − stakes) / stakes over the counted slips; a won slip returns its stake times its multiplier (void
//   legs at odds 1) in Kz, a lost one 0. Win rate = won / counted. Average odds = mean multiplier of the counted slips.
// - Streaks follow the order the slips settled in: the current one is the wins in a row up to the latest counted
//   slip, the longest the longest such run.
// - The recent window is the slips settled in the last RECORD_RECENT_DAYS days; `curva` is the running ROI after each
//   counted slip, oldest first, at most the last RECORD_CURVE_POINTS.

/** Below this many settled slips the record shows "sem histórico suficiente (N de 20)" and the user is not ranked. */
export const RECORD_MIN_SETTLED = 20;
/** The recent window of the record, in days. */
export const RECORD_RECENT_DAYS = 30;
/** At most this many points of the running ROI. */
export const RECORD_CURVE_POINTS = 100;

const DAY_MS = 86_400_000;

/** What the record needs of one slip. */
export interface RecordSlip {
  /** Tie-break of slips settled at the same instant (any stable id). */
  id?: string;
  /** The slip's result as the server decided it from the match feed. */
  estado: SlipOutcome;
  /** The stake in Kz. */
  valor: number;
  /** The product of the odds locked at publish of the legs that count (void legs at 1). */
  multiplicador: number;
  /** When the slip was published (ISO); null when it never was. */
  publishedAt: string | null;
  /** When the server settled it (ISO); null while pending. */
  settledAt: string | null;
  /** The earliest kick-off among its legs (ISO); null when unknown. */
  firstKickOff: string | null;
}

type Settled = RecordSlip & { estado: 'won' | 'failed' | 'void'; settledAt: string; publishedAt: string };

/** Whether a slip is in the record at all (counted, or listed as void). */
export function inRecord(slip: RecordSlip): slip is Settled {
  if (slip.estado === 'pending' || slip.publishedAt === null || slip.settledAt === null) return false;
  const published = Date.parse(slip.publishedAt);
  if (Number.isNaN(published) || Number.isNaN(Date.parse(slip.settledAt))) return false;
  // Published after (or at) a kick-off: the author may have known how that match was going.
  if (slip.firstKickOff !== null && !(published < Date.parse(slip.firstKickOff))) return false;
  return true;
}

/** A slip's multiplier from its legs' locked odds: void legs drop out (count 1), cleared of floating-point noise. */
export function countedMultiplier(legs: readonly { odds: number; status: LegStatus }[]): number {
  const product = slipMultiplier(legs.filter((leg) => leg.status !== 'void').map((leg) => leg.odds));
  return Math.round(product * 1e6) / 1e6;
}

/** A won slip's return in Kz (stake × multiplier, to the cent); 0 for a lost slip. */
export function recordReturn(slip: Pick<RecordSlip, 'estado' | 'valor' | 'multiplicador'>): number {
  if (slip.estado === 'won') return roundOdds(slipReturn(slip.valor, slip.multiplicador));
  if (slip.estado === 'void') return slip.valor;
  return 0;
}

function bySettle(a: Settled, b: Settled): number {
  const at = Date.parse(a.settledAt) - Date.parse(b.settledAt);
  if (at !== 0) return at;
  const pub = Date.parse(a.publishedAt) - Date.parse(b.publishedAt);
  if (pub !== 0) return pub;
  return (a.id ?? '') < (b.id ?? '') ? -1 : (a.id ?? '') > (b.id ?? '') ? 1 : 0;
}

const ratio = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The figures of slips already in the record, in settle order. */
function figures(slips: readonly Settled[]): RecordFigures {
  const counted = slips.filter((slip) => slip.estado !== 'void');
  const ganhas = counted.filter((slip) => slip.estado === 'won').length;
  const stakes = counted.reduce((sum, slip) => sum + slip.valor, 0);
  const returns = counted.reduce((sum, slip) => sum + recordReturn(slip), 0);
  const multipliers = counted.reduce((sum, slip) => sum + slip.multiplicador, 0);
  let run = 0;
  let longest = 0;
  for (const slip of counted) {
    run = slip.estado === 'won' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return {
    liquidadas: counted.length,
    ganhas,
    perdidas: counted.length - ganhas,
    anuladas: slips.length - counted.length,
    taxaAcerto: counted.length > 0 ? ratio(ganhas / counted.length, 4) : null,
    roi: stakes > 0 ? ratio((returns - stakes) / stakes, 4) : null,
    oddsMedia: counted.length > 0 ? ratio(multipliers / counted.length, 2) : null,
    sequenciaActual: run,
    sequenciaMaisLonga: longest,
  };
}

/** A user's record from all their slips (any order), as of `now`. */
export function computeRecord(slips: readonly RecordSlip[], now: Date): UserRecord {
  const settled = slips.filter(inRecord).sort(bySettle);
  const since = now.getTime() - RECORD_RECENT_DAYS * DAY_MS;
  const total = figures(settled);
  const curva: UserRecord['curva'] = [];
  let stakes = 0;
  let returns = 0;
  for (const slip of settled) {
    if (slip.estado === 'void') continue;
    stakes += slip.valor;
    returns += recordReturn(slip);
    curva.push({ em: slip.settledAt, roi: ratio((returns - stakes) / stakes, 4) });
  }
  return {
    total,
    ultimos30: figures(settled.filter((slip) => Date.parse(slip.settledAt) >= since)),
    suficiente: total.liquidadas >= RECORD_MIN_SETTLED,
    curva: curva.slice(-RECORD_CURVE_POINTS),
    calculadoEm: now.toISOString(),
  };
}

/** What a slip card, a leaderboard row or a group's paywall shows of a record (all time). */
export function recordSummary(record: UserRecord): RecordSummary {
  return {
    liquidadas: record.total.liquidadas,
    taxaAcerto: record.total.taxaAcerto,
    roi: record.total.roi,
    suficiente: record.suficiente,
  };
}
