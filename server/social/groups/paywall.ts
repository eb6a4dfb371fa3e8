import { mustPayRule } from '../../../contract/validation/groups.ts';

export interface PaywallGroup {
  id: string;
  privado: number | boolean;
  criador_id: string;
}

export interface PaywallViewer {
  id: string;
  conta?: string | null;
}

export interface PaywallMembership {
  expira_em: string | null;
  role?: 'normal' | 'administrador';
}

/**
 * SPEC §4 mustPay: for a non-creator, true when the group is private and the viewer has no membership entry, or the
 * entry's expiry is invalid or already past. Exempt: the creator, the official account and the two official groups.
 * The rule itself is contract/validation/groups.ts, shared with the app.
 */
export function mustPay(group: PaywallGroup, viewer: PaywallViewer, membership: PaywallMembership | undefined, now: number): boolean {
  return mustPayRule(
    {
      groupId: group.id,
      privado: Boolean(group.privado),
      isCreator: viewer.id === group.criador_id,
      isOfficialAccount: viewer.conta === 'oficial',
      membership: membership ? { expiraEm: membership.expira_em } : null,
    },
    now,
  );
}

/** What of a group one viewer may see. Every path that shows or sends anything of a group asks this. */
export interface GroupAccess {
  mustPay: boolean;
  /**
   * The conversation: messages, the last message and its sender, live signals and pushes of new messages, the
   * unread counter. A private group sells exactly this, so only viewers the paywall lets in get any of it.
   */
  conversation: boolean;
  /**
   * Who the members are and until when each one paid. Readers of the group, and the creator and administrators, who
   * manage the members (SPEC §6) even when they have not paid to read. Anyone else gets only their own entry.
   */
  members: boolean;
}

export function groupAccess(group: PaywallGroup, viewer: PaywallViewer, membership: PaywallMembership | undefined, now: number): GroupAccess {
  const paywalled = mustPay(group, viewer, membership, now);
  const manages = viewer.id === group.criador_id || membership?.role === 'administrador';
  return { mustPay: paywalled, conversation: !paywalled, members: !paywalled || manages };
}
