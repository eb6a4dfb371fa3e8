import {
  CommunityResponseSchema,
  CompetitionsResponseSchema,
  ExploreBetsResponseSchema,
  ExploreSlipsResponseSchema,
} from '../../contract/schemas/explore.ts';
import { AddSelectionResponseSchema, type DateOption } from '../../contract/schemas/slips.ts';
import { call } from './http.ts';

// The Explore page's calls (docs/api/explore.md) and the tip generator (SPEC §7 addSelection).

const EXPLORAR = '/api/client/public/explorar';

function query(params: Record<string, string>, pageNumber: number, size: number): string {
  return new URLSearchParams({ ...params, pageNumber: String(pageNumber), size: String(size) }).toString();
}

export function fetchExploreBets(params: Record<string, string>, pageNumber: number, size: number) {
  return call(`${EXPLORAR}/apostas?${query(params, pageNumber, size)}`, { schema: ExploreBetsResponseSchema });
}

export function fetchExploreSlips(params: Record<string, string>, pageNumber: number, size: number) {
  return call(`${EXPLORAR}/fichas?${query(params, pageNumber, size)}`, { schema: ExploreSlipsResponseSchema });
}

export function fetchCommunity(pageNumber: number, size: number) {
  return call(`${EXPLORAR}/comunidade?${query({}, pageNumber, size)}`, { schema: CommunityResponseSchema });
}

export function fetchCompetitions() {
  return call('/api/client/public/competicoes', { schema: CompetitionsResponseSchema });
}

/** A strong selection on an event not among `ids` (not a mutation: nothing is stored on the server). */
export function requestTip(ids: string[], dateOption: DateOption) {
  return call('/api/client/apostador/fichas/addSelection', { method: 'post', json: { ids, dateOption }, schema: AddSelectionResponseSchema });
}
