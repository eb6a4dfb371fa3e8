import { isOfficialGroup } from '../../../contract/schemas/groups.ts';

export interface PaywallGroup {
  id: string;
  privado: number | boolean;
  criador_id: string;
}

export interface PaywallViewer {
  id: string;
  conta?: string | null;
}

/**
 * SPEC §4 mustPay: for a non-creator, true when the group is private and the viewer has no membership entry, or the
 * entry's expiry is invalid or already past. Exempt: the creator, the official account and the two official groups.
 */
export function mustPay(
  group: PaywallGroup,
  viewer: PaywallViewer,
  membership: { expira_em: string | null } | undefined,
  now: number,
): boolean {
  if (viewer.id === group.criador_id || viewer.conta === 'oficial' || isOfficialGroup(group.id)) return false;
  if (!group.privado) return false;
  if (!membership) return true;
  const expiry = Date.parse(membership.expira_em ?? '');
  return !Number.isFinite(expiry) || expiry <= now;
}
