import { ANGOLA_UTC_OFFSET_MS } from './angola-time.ts';
import type { Locale } from './brands.ts';

// A date as a reader of each language writes it, on Angola's calendar (the product's clock, SPEC §9): the app and
// the server (notification and push texts) word the same moment the same way. Month names are written out as the
// platform's formatter gives them for pt-PT and en-GB (CLDR), so no date data has to load for them.

const MONTHS: Record<Locale, readonly string[]> = {
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/** "9 de dezembro de 2026" / "9 December 2026": the Angolan day of an ISO moment; '' for a bad date. */
export function calendarDay(isoDate: string, locale: Locale | string): string {
  const time = Date.parse(isoDate);
  if (Number.isNaN(time)) return '';
  const day = new Date(time + ANGOLA_UTC_OFFSET_MS);
  const dayOfMonth = day.getUTCDate();
  const year = day.getUTCFullYear();
  if (locale === 'en') return `${dayOfMonth} ${MONTHS.en[day.getUTCMonth()]} ${year}`;
  return `${dayOfMonth} de ${MONTHS.pt[day.getUTCMonth()]} de ${year}`;
}
