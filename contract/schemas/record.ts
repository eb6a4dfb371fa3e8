import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

// A tipster's verified record (docs/api/betting.md "The record"): computed on the server from the user's published,
// settled slips with the rules of contract/record.ts, mirrored in the app's store. Hiding a slip never takes it out of
// its author's record.

// RECORD_MIN_SETTLED (20: below it "sem histórico suficiente (N de 20)", not ranked) and RECORD_RECENT_DAYS (30) live
// with the rules in contract/record.ts, which has no schema library, so the app may read them cheaply.
export { RECORD_MIN_SETTLED, RECORD_RECENT_DAYS } from '../record.ts';

/** The figures of one window (all time, or the last 30 days). Ratios are null when nothing counts yet. */
export const RecordFiguresSchema = lazySchema(() => z.object({
  /** Slips won or lost: the ones the record counts. Void slips and slips without a result never count. */
  liquidadas: z.number().int(),
  ganhas: z.number().int(),
  perdidas: z.number().int(),
  /** Void slips (every leg void): shown, never counted as a win or a loss. */
  anuladas: z.number().int(),
  /** ganhas / liquidadas, 0..1. */
  taxaAcerto: z.number().nullable(),
  /** (returns − stakes) / stakes over the counted slips; 0.12 means +12 %. */
  roi: z.number().nullable(),
  /** Mean multiplier of the counted slips (void legs count 1). */
  oddsMedia: z.number().nullable(),
  /** Wins in a row up to the latest counted slip. */
  sequenciaActual: z.number().int(),
  sequenciaMaisLonga: z.number().int(),
}));
export type RecordFigures = z.infer<typeof RecordFiguresSchema>;

/** One point of the running ROI, after each counted slip in the order they settled (for the profile's chart). */
export const RecordPointSchema = lazySchema(() => z.object({ em: z.string(), roi: z.number() }));

export const RecordSchema = lazySchema(() => z.object({
  total: RecordFiguresSchema,
  ultimos30: RecordFiguresSchema,
  /** total.liquidadas ≥ RECORD_MIN_SETTLED: only then is the user ranked. */
  suficiente: z.boolean(),
  /** The running ROI, oldest first, at most the last 100 counted slips. */
  curva: z.array(RecordPointSchema),
  calculadoEm: z.string(),
}));
export type UserRecord = z.infer<typeof RecordSchema>;

/** What a slip card, a leaderboard row or a group's paywall shows of a user's record (all time). */
export const RecordSummarySchema = lazySchema(() => z.object({
  liquidadas: z.number().int(),
  taxaAcerto: z.number().nullable(),
  roi: z.number().nullable(),
  suficiente: z.boolean(),
}));
export type RecordSummary = z.infer<typeof RecordSummarySchema>;
