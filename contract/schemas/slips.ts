import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';
import { DRAFT_SLIP_MAX, SLIP_MAX_STAKE, SLIP_NOTE_MAX } from '../limits.ts';
import { MarketTypeSchema, TrendSchema } from './events.ts';
import { SignalSenderSchema } from './signals.ts';
import { DATE_OPTIONS } from '../explore-values.ts';
import { freeText, nameText } from '../text.ts';
import { RecordSummarySchema } from './record.ts';

// Slips (fichas) and their selections (SPEC §3 Selection and Slip, §4, §5, §7; docs/api/betting.md).

export const BET_STATUSES = ['pending', 'blocked', 'failed', 'won', 'void'] as const;
export const BetStatusSchema = lazySchema(() => z.enum(BET_STATUSES));
export type BetStatus = z.infer<typeof BetStatusSchema>;

/** A slip's overall state: pending until settled, then won, failed (a leg lost) or void (every leg void). */
export const SlipStateSchema = lazySchema(() => z.enum(['pending', 'won', 'failed', 'void']));
export type SlipState = z.infer<typeof SlipStateSchema>;

const shortText = z.string().min(1).max(100);

export const SelectionPickSchema = lazySchema(() => z.object({
  type: MarketTypeSchema,
  choice: z.string(),
  odds: z.number(),
  oddsTrend: TrendSchema,
  probability: z.number(),
  probabilityTrend: TrendSchema,
}));
export type SelectionPick = z.infer<typeof SelectionPickSchema>;

export const CompetitorSchema = lazySchema(() => z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().nullable(),
  identifier: z.enum(['home', 'away']),
}));

/** A selection as the server sends it: the event as it is now and the choice at the odds taken. */
export const SelectionSchema = lazySchema(() => z.object({
  event_id: z.string(),
  event_scheduled: z.string(),
  event_status: z.string(),
  bet_status: BetStatusSchema,
  hasWarning: z.boolean(),
  event_tournament: z.object({ id: z.string(), name: z.string() }),
  event_competitors: z.array(CompetitorSchema),
  event_selection: SelectionPickSchema,
  /** The score so far (null before kick-off), so a settled leg can be explained. */
  event_score: z.object({ home: z.number().nullable(), away: z.number().nullable(), elapsed: z.number().nullable() }),
  /**
   * The same choice's market as it is now, for the stale-slip check: `open` false once the market is closed
   * (the match started or finished, or the choice is no longer offered), `odds` the current price (null when not
   * offered). event_selection.odds stays the price locked when the slip was published. Absent in older copies.
   */
  event_selection_now: z.object({ open: z.boolean(), odds: z.number().nullable() }).optional(),
}));
export type Selection = z.infer<typeof SelectionSchema>;

/**
 * A selection as the app sends it. Only event_id and event_selection {type, choice, odds} decide anything; the rest
 * of the app's copy (and its client-generated `id`) is accepted and ignored, the server reads the event itself.
 */
export const SelectionInputSchema = lazySchema(() => z.object({
  id: z.string().max(100).optional(),
  event_id: shortText,
  event_selection: z.object({
    type: shortText,
    choice: shortText,
    odds: z.number().finite().positive(),
  }),
}));
export type SelectionInput = z.infer<typeof SelectionInputSchema>;

/** POST /api/client/apostador/fichas/criarFicha. */
export const CreateSlipRequestSchema = lazySchema(() => z.object({
  // Bounded so a hostile list cannot make the server work; the 25-selection rule is checked with its own message.
  ficha: z.array(SelectionInputSchema).max(DRAFT_SLIP_MAX * 5),
  valor: z.number().finite().max(SLIP_MAX_STAKE),
  oddsChange: z.boolean().optional().default(false),
  /** A note kept with the slip (an imported tip's booking code); never read for anything else. */
  nota: nameText(SLIP_NOTE_MAX).optional(),
}));
export type CreateSlipRequest = z.input<typeof CreateSlipRequestSchema>;

export const SlipOwnerSchema = lazySchema(() => SignalSenderSchema);

export const FichaSchema = lazySchema(() => z.object({
  id: z.string(),
  /** The same id, for clients that read `_id` (SPEC §3 "ficha with id or _id"). */
  _id: z.string(),
  usuario: SlipOwnerSchema,
  selecoes: z.array(SelectionSchema),
  valor: z.number(),
  /** Product of the odds (each rounded to 2 decimals), void legs counting 1. */
  multiplicador: z.number(),
  retorno: z.number(),
  oddsChange: z.boolean(),
  estado: SlipStateSchema,
  publicada: z.boolean(),
  /** Whether the signed-in viewer has saved it (false for the anonymous). */
  guardada: z.boolean(),
  totalGuardadas: z.number(),
  totalComentarios: z.number(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** When the slip was published: its selections, odds and stake are locked from then on. */
  publicadaEm: z.string().optional(),
  /** The author's verified record (all time), shown on every slip card. */
  registoAutor: RecordSummarySchema.optional(),
  /** Its author's note (an imported tip's booking code, "Código SportyBet ABC123"); absent when none. */
  nota: z.string().optional(),
}));
export type Ficha = z.infer<typeof FichaSchema>;

export const CreateSlipResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), ficha: FichaSchema }));

/** A refused slip: the selections as they are now (moved or started ones carry hasWarning) and the reason. */
export const SlipRefusalSchema = lazySchema(() => z.object({
  status: z.literal('error'),
  message: z.string(),
  ficha: z.array(SelectionSchema).optional(),
  tipo: z.string().optional(),
}));
export type SlipRefusal = z.infer<typeof SlipRefusalSchema>;

export const SlipFilterSchema = lazySchema(() => z.enum(['criadas', 'guardadas', 'ocultas']));
export type SlipFilter = z.infer<typeof SlipFilterSchema>;

export const SlipListResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), fichas: z.array(FichaSchema) }));
export type SlipListResponse = z.infer<typeof SlipListResponseSchema>;

/**
 * One slip: the owner's detail, the public view, publish/hide/save, and GET /api/client/common/fichas/{id} (added: a
 * slip by id for a signed-in viewer who may see it, as a shared slip's card in a chat reads it).
 */
export const SlipResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), ficha: FichaSchema }));
export type SlipResponse = z.infer<typeof SlipResponseSchema>;

export { DATE_OPTIONS };
export const DateOptionSchema = lazySchema(() => z.enum(DATE_OPTIONS));
export type DateOption = z.infer<typeof DateOptionSchema>;

/** POST /api/client/apostador/fichas/addSelection: a strong selection on an event not among `ids`. */
export const AddSelectionRequestSchema = lazySchema(() => z.object({
  ids: z.array(z.string().max(100)).max(1000).optional().default([]),
  dateOption: DateOptionSchema.optional().default('semanal'),
}));
export type AddSelectionRequest = z.input<typeof AddSelectionRequestSchema>;

export const AddSelectionResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), selection: SelectionSchema }));

export const SubscriptionErrorSchema = lazySchema(() => z.object({ status: z.literal('error'), tipo: z.string(), message: z.string() }));

export const ComentarioSchema = lazySchema(() => z.object({
  id: z.string(),
  fichaId: z.string(),
  usuario: SlipOwnerSchema,
  texto: z.string(),
  createdAt: z.string(),
}));
export type Comentario = z.infer<typeof ComentarioSchema>;

/** POST /api/client/common/fichas/{id}/comentarios; 1 to 500 characters after trimming. */
export const CommentRequestSchema = lazySchema(() => z.object({ texto: freeText(10_000) }));

export const CommentResponseSchema = lazySchema(() => z.object({ status: z.string(), message: z.string(), comentario: ComentarioSchema }));

export const CommentListResponseSchema = lazySchema(() => z.object({
  status: z.string(),
  message: z.string(),
  comentarios: z.array(ComentarioSchema),
  /** Pass as `before` for the next (older) page; null when there is nothing older. */
  nextBefore: z.string().nullable(),
}));
