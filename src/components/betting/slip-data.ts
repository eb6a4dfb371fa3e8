import type { Ficha } from '../../../contract/schemas/slips.ts';

/** Where a slip opens: its owner's detail, or the public view for anybody else's. */
export function slipHref(ficha: Pick<Ficha, 'id' | 'usuario'>, own: boolean): string {
  return own ? `/dashboard/fichas/${ficha.id}` : `/${ficha.usuario.nomeUsuario}/fichas/${ficha.id}`;
}
