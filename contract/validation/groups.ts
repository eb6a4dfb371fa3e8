import { EXPIRY_WARNING_MS } from '../limits.ts';
import { isOfficialGroup } from '../schemas/groups.ts';

// Group rules shared by the server and the app (SPEC §4): the paywall and the colour of a membership's expiry.

export interface MustPayInput {
  groupId: string;
  privado: boolean;
  /** The viewer created the group. */
  isCreator: boolean;
  /** The viewer is the official account (`usuarios.conta = 'oficial'`). */
  isOfficialAccount: boolean;
  /** The viewer's membership, or null/undefined when they have none. */
  membership: { expiraEm: string | null } | null | undefined;
}

/**
 * SPEC §4 mustPay: for a non-creator, true when the group is private and the viewer has no membership entry, or the
 * entry's expiry is missing, invalid or already past. Exempt: the creator, the official account and the two official
 * groups (OFFICIAL_GROUP_IDS).
 */
export function mustPayRule(input: MustPayInput, now: number): boolean {
  if (input.isCreator || input.isOfficialAccount || isOfficialGroup(input.groupId)) return false;
  if (!input.privado) return false;
  if (!input.membership) return true;
  const expiry = Date.parse(input.membership.expiraEm ?? '');
  return !Number.isFinite(expiry) || expiry <= now;
}

export type ExpiryColour = 'red' | 'orange' | 'green';

export type ExpiryStatus =
  /** No date, or one that does not parse. */
  | { state: 'invalid'; colour: 'red' }
  | { state: 'expired'; colour: 'red'; expiresAt: number }
  /** 3 days (EXPIRY_WARNING_MS) or less remain. */
  | { state: 'soon'; colour: 'orange'; expiresAt: number; msLeft: number }
  | { state: 'valid'; colour: 'green'; expiresAt: number; msLeft: number };

/**
 * SPEC §4 membership expiry colour: red when expired or the date is invalid, orange when 3 days or fewer remain
 * (exactly 3 days is orange), green otherwise.
 */
export function expiryStatus(expiraEm: string | null | undefined, now: number): ExpiryStatus {
  const expiresAt = Date.parse(expiraEm ?? '');
  if (!Number.isFinite(expiresAt)) return { state: 'invalid', colour: 'red' };
  const msLeft = expiresAt - now;
  if (msLeft <= 0) return { state: 'expired', colour: 'red', expiresAt };
  if (msLeft <= EXPIRY_WARNING_MS) return { state: 'soon', colour: 'orange', expiresAt, msLeft };
  return { state: 'valid', colour: 'green', expiresAt, msLeft };
}
