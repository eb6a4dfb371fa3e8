// The spec's Portuguese messages (SPEC §5, §8), as `MSG.name` (contract/message-texts.ts). The server answers with
// these; the app translates them through the lookup of SPEC §9 (src/i18n/server-message-table.ts, an id per message
// that each catalog translates), so a text is written here once.
import * as MSG from './message-texts.ts';

export { MSG };
export type MessageKey = keyof typeof MSG;

/** A suspended user's refusal: followed by the date, 'A tua conta está suspensa até 24/11/2026 15:30' (Luanda). */
export const SUSPENDED_PREFIX = 'A tua conta está suspensa até';
