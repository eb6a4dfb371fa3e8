import type { Ficha } from '../../../contract/schemas/slips.ts';

/** Where a slip opens: its owner's detail, or the public view for anybody else's. */
export function slipHref(ficha: Pick<Ficha, 'id' | 'usuario'>, own: boolean): string {
  return own ? `/dashboard/fichas/${ficha.id}` : `/${ficha.usuario.nomeUsuario}/fichas/${ficha.id}`;
}

// One formatter per language: making one costs far more than formatting (a list of slips made one per card).
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatSlipDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const tag = locale === 'en' ? 'en-GB' : 'pt-PT';
  let format = formatters.get(tag);
  if (!format) {
    // Shown in Angola's time (UTC+1), as every event time is.
    format = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Luanda' });
    formatters.set(tag, format);
  }
  return format.format(date);
}
