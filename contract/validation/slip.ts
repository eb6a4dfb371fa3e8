import { DRAFT_SLIP_MAX, SLIP_MAX_SELECTIONS, SLIP_MIN_STAKE } from '../limits.ts';
import { MSG } from '../messages.ts';

/**
 * The slip creation rules of SPEC §5, in order: at least one selection, at most 25 (the official account may send
 * a whole draft, 50), a stake of at least 100 Kz. The first broken rule's message, or null. Used by the slip
 * builder before queueing and by the server before creating.
 */
export function slipRuleViolation(input: { selections: number; valor: number; official: boolean }): string | null {
  if (input.selections === 0) return MSG.slipEmpty;
  if (input.selections > (input.official ? DRAFT_SLIP_MAX : SLIP_MAX_SELECTIONS)) return MSG.slipTooMany;
  if (!Number.isFinite(input.valor) || input.valor < SLIP_MIN_STAKE) return MSG.slipMinStake;
  return null;
}
