import type { Ficha } from '../../../contract/schemas/slips.ts';

/** Where a slip opens: its owner's detail, or the public view for anybody else's. */
export function slipHref(ficha: Pick<Ficha, 'id' | 'usuario'>, own: boolean): string {
  return own ? `/dashboard/fichas/${ficha.id}` : `/${ficha.usuario.nomeUsuario}/fichas/${ficha.id}`;
}

export function formatSlipDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // Shown in Angola's time (UTC+1), as every event time is.
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pt-PT', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Luanda',
  }).format(date);
}
