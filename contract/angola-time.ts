// Angola's time, the product's clock: match times, days and dates show in it (SPEC §9). Angola keeps UTC+1 all year
// (no summer time), so a fixed offset is exact. The one place it is written, for the app and the server alike.

/** Angola's offset from UTC in milliseconds: UTC+1. */
export const ANGOLA_UTC_OFFSET_MS = 3_600_000;

/** The same clock as an IANA time zone, for `Intl.DateTimeFormat`. */
export const ANGOLA_TIME_ZONE = 'Africa/Luanda';
