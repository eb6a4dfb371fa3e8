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
