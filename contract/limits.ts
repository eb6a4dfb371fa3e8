// Most of the product's numbers of SPEC §9, for the app and the server alike. A feature's limits that its schema
// checks sit beside that schema in contract/schemas/ (groups.ts, chats.ts, rewards.ts, reports.ts, settings.ts), the
// record's rules in contract/record.ts, and Angola's time in contract/angola-time.ts.
export const IMAGE_MAX_BYTES = 1_000_000;
export const NAME_MIN = 3;
export const NAME_MAX = 50;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const EMAIL_MAX = 70;
export const PASSWORD_MIN = 8;
export const PHONE_DIGITS = 9;
export const IDENTIFIER_MIN = 3;
export const AVAILABILITY_MIN = 3;
export const TRIAL_DAYS = 3;
export const DEBOUNCE_MS = 500;
export const TOAST_MS = 7500;
/** An unread counter goes to 0 this long after its menu entry is clicked, and a list counts as seen after this long on screen (SPEC §4). */
export const COUNTER_RESET_DELAY_MS = 2_000;
export const PAGE_SIZE = 50;
export const DEFAULT_LIST_SIZE = 250;
export const REFRESH_LISTS_MS = 30_000;
export const REFRESH_LIVE_MS = 60_000;
export const REFRESH_UPDATES_MS = 300_000;
export const REFRESH_ONLINE_MS = 300_000;
export const EXPIRY_WARNING_MS = 259_200_000;
export const LICENCE_PRICES = { mensal: 3800, trimestral: 11000, anual: 42000 } as const;
// Betting (SPEC §5, §9).
export const SLIP_MIN_STAKE = 100;
export const SLIP_MAX_SELECTIONS = 25;
/** The draft slip on the phone holds up to 50 (SPEC §4); the server never accepts more than this in one request. */
export const DRAFT_SLIP_MAX = 50;
/** A slip's note (an imported tip's booking code, docs/decisions.md "Importing a tip"), in characters. */
export const SLIP_NOTE_MAX = 200;
/** A tip's text read by the importer (contract/slip-import), in characters: more is cut, not read slowly. */
export const TIP_TEXT_MAX = 20_000;
/** Stakes above this are refused as malformed (Kz, no decimals). */
export const SLIP_MAX_STAKE = 1_000_000_000;
export const COMMENT_MAX = 500;
export const PAYMENT_PROOF_MAX = 2;
export const LICENCE_CODE_LENGTH = 5;
/** Days a paid licence plan adds (from the later of now and the current expiry). */
export const LICENCE_PERIOD_DAYS = { mensal: 30, trimestral: 90, anual: 365 } as const;
/** Days a group plan adds to a membership. */
export const GROUP_PLAN_DAYS = { semanal: 7, mensal: 30, anual: 365 } as const;
