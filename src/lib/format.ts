// Formatting rules of SPEC §9.

/** Kz with no decimals and German-style grouping: 12.500 Kz. */
export function formatKz(amount: number): string {
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? '-' : '';
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${digits} Kz`;
}

/** Displayed event time: UTC plus one hour, 23 wrapping to 00. */
export function eventClock(isoDate: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '--:--';
  const hours = (date.getUTCHours() + 1) % 24;
  return `${String(hours).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** Calendar day of an event in the displayed time zone (UTC+1), as YYYY-MM-DD. */
export function eventDay(isoDate: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + 3_600_000).toISOString().slice(0, 10);
}

// Calendar names for the two languages of the app, as the platform's date formatter writes them for pt-PT and en-GB
// (CLDR). Written out because the first Intl.DateTimeFormat of a page loads the language's date data: 70-200 ms at 4x
// CPU, on the way to Explore's first screen (docs/decisions.md). Angola keeps UTC+1 all year, so no time zone data is
// needed either.
const WEEKDAYS = {
  pt: ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const MONTHS = {
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const EN_SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

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

/** A moment in Angola's time (UTC+1), day and time: "2/01, 00:05" / "2 Jan, 00:05"; '' for a bad date. */
export function angolaDayTime(isoDate: string, locale: string): string {
  // The event clock's day and time (UTC+1): eventDay and eventClock.
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

export function formatOdds(odds: number): string {
  return odds.toFixed(2);
}

export function clockTime(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A message time: HH:MM today, DD/MM HH:MM on other days (the phone's own clock and zone). */
export function messageTime(isoDate: string, now = new Date()): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  const time = clockTime(date.getTime());
  if (date.toDateString() === now.toDateString()) return time;
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')} ${time}`;
}
