import { SlipListResponseSchema, SlipResponseSchema, type SlipFilter } from '../../contract/schemas/slips.ts';
import { call } from './http.ts';

const APOSTADOR = '/api/client/apostador/fichas';

export function fetchSlips(filtro: SlipFilter, pageNumber: number, size: number) {
  return call(`${APOSTADOR}?filtro=${filtro}&pageNumber=${pageNumber}&size=${size}`, { schema: SlipListResponseSchema });
}

export function fetchSlip(id: string) {
  return call(`${APOSTADOR}/${encodeURIComponent(id)}`, { schema: SlipResponseSchema });
}

export function fetchPublicSlip(nomeUsuario: string, id: string) {
  return call(`/api/client/public/fichas/${encodeURIComponent(nomeUsuario)}/${encodeURIComponent(id)}`, { schema: SlipResponseSchema });
}
