import { ANGOLA_UTC_OFFSET_MS } from '../../contract/angola-time.ts';

// Formatting rules of SPEC §9.

/** A whole number's digits with `separator` between each group of three, from the right. */
function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Kz with no decimals and German-style grouping: 12.500 Kz. */
export function formatKz(amount: number): string {
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? '-' : '';
  const digits = groupThousands(String(Math.abs(rounded)), '.');
  return `${sign}${digits} Kz`;
}

/** Displayed event time: Angola's clock, HH:MM. */
export function eventClock(isoDate: string): string {
  const time = new Date(isoDate).getTime();
  if (Number.isNaN(time)) return '--:--';
  const date = new Date(time + ANGOLA_UTC_OFFSET_MS);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** Calendar day of an event in Angola's time, as YYYY-MM-DD. */
export function eventDay(isoDate: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + ANGOLA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

// Calendar names for the two languages of the app, as the platform's date formatter writes them for pt-PT and en-GB
// (CLDR). Written out because the first Intl.DateTimeFormat of a page loads the language's date data: 70-200 ms at 4x
// CPU, on the way to Explore's first screen (docs/decisions.md). Angola keeps one offset all year
// (contract/angola-time.ts), so no time zone data is needed either.
const WEEKDAYS = {
  pt: ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const MONTHS = {
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const EN_SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const GROUPING = {
  // pt-PT (which Angola follows) groups with a no-break space, and only from five digits on (CLDR minimum grouping).
  pt: { group: '\u00a0', decimal: ',', from: 5 },
  en: { group: ',', decimal: '.', from: 4 },
};

/**
 * `value`'s magnitude rounded to `digits` decimals as Intl rounds: half away from zero on the number's shortest
 * decimal form (1.005 is "1.005", so 1.01), not on its exact binary value as toFixed does (1.00). Undefined beyond
 * 1e21, where that form has an exponent.
 */
function roundedDigits(value: number, digits: number): { whole: string; fraction: string } | undefined {
  const written = String(Math.abs(value));
  // Below 1e-6 the shortest form has an exponent too, and rounds to zero at the precisions the app uses.
  if (written.includes('e-')) return { whole: '0', fraction: '' };
  if (written.includes('e')) return undefined;
  const [whole = '0', fraction = ''] = written.split('.');
  if (fraction.length <= digits) return { whole, fraction };
  const kept = BigInt(whole + fraction.slice(0, digits)) + (fraction.charAt(digits) >= '5' ? 1n : 0n);
  const all = kept.toString().padStart(digits + 1, '0');
  return { whole: all.slice(0, all.length - digits), fraction: all.slice(all.length - digits) };
}

/**
 * A number with at most `fractionDigits` decimals as each language writes it: pt "12\u00a0345,5", en "12,345.5". The
 * same as Intl.NumberFormat for pt-PT and en-GB, except that a value rounding to zero never shows "-0". Written out
 * for the reason the calendar names above are: the first Intl.NumberFormat of a page sets up the platform's number
 * formatting, 70-180 ms at 4x CPU, and Explore's first screen shows numbers (docs/decisions.md). `signed`: a positive
 * value gets "+".
 */
export function formatDecimal(value: number, locale: string, fractionDigits = 0, signed = false): string {
  const rounded = Number.isFinite(value) ? roundedDigits(value, fractionDigits) : undefined;
  if (!rounded) return String(value);
  const { group, decimal, from } = GROUPING[locale === 'en' ? 'en' : 'pt'];
  const whole = rounded.whole.length >= from ? groupThousands(rounded.whole, group) : rounded.whole;
  const decimals = rounded.fraction.replace(/0+$/, '');
  const zero = /^0*$/.test(rounded.whole + rounded.fraction);
  const sign = zero ? '' : value < 0 ? '-' : signed ? '+' : '';
  return `${sign}${whole}${decimals ? `${decimal}${decimals}` : ''}`;
}

/** A day's heading for a YYYY-MM-DD day: "sábado, 28 de novembro" / "Saturday 28 November"; '' for no day. */
export function dayHeading(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  const weekday = date.getUTCDay();
  const dayOfMonth = date.getUTCDate();
  const month = date.getUTCMonth();
  if (locale === 'en') return `${WEEKDAYS.en[weekday]} ${dayOfMonth} ${MONTHS.en[month]}`;
  return `${WEEKDAYS.pt[weekday]}, ${dayOfMonth} de ${MONTHS.pt[month]}`;
}

/** A moment in Angola's time, day and time: "2/01, 00:05" / "2 Jan, 00:05"; '' for a bad date. */
export function angolaDayTime(isoDate: string, locale: string): string {
  // The event clock's day and time: eventDay and eventClock.
  const [, month, dayOfMonth] = eventDay(isoDate).split('-');
  if (month === undefined || dayOfMonth === undefined) return '';
  const clock = eventClock(isoDate);
  if (locale === 'en') return `${Number(dayOfMonth)} ${EN_SHORT_MONTHS[Number(month) - 1]}, ${clock}`;
  return `${Number(dayOfMonth)}/${month}, ${clock}`;
}

/** A size in megabytes with one decimal, in the page's locale (3,2 MB). */
export function formatMegabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}

/** A data amount as people read it on a phone bill: kB below one megabyte, then megabytes with one decimal. */
export function formatDataSize(bytes: number, locale: string): string {
  if (bytes < 1_000_000) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.round(bytes / 1000));
  }
  return formatMegabytes(bytes, locale);
}

/** An unread count as a badge shows it: the number, or 99+ above 99. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function formatOdds(odds: number): string {
  return odds.toFixed(2);
}

export function clockTime(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The phone's own calendar day of a moment, YYYY-MM-DD (a chat's day separators); '' for a bad date. */
export function localDay(at: string | number): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A message time: HH:MM today, DD/MM HH:MM on other days (the phone's own clock and zone). */
export function messageTime(isoDate: string, now = new Date()): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  const time = clockTime(date.getTime());
  if (date.toDateString() === now.toDateString()) return time;
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')} ${time}`;
}
