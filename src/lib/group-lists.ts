import type { GroupSummary } from '../../contract/schemas/groups.ts';
import { byCodeUnits } from './compare.ts';

// The group list's sub-filters (SPEC §2) as the server answers them (docs/api/social.md "Groups"), so the phone can
// show each filter from its one store of groups, offline too.

export const GROUP_FILTERS = ['tudo', 'subscricoes', 'meus'] as const;
export type GroupFilter = (typeof GROUP_FILTERS)[number];

/**
 * Whether a group belongs in a filter: tudo is every group, subscricoes the groups the user is a member of (the
 * creator is not a member row), meus the groups the user created.
 */
export function inGroupFilter(group: Pick<GroupSummary, 'meuPapel'>, filter: GroupFilter): boolean {
  if (filter === 'meus') return group.meuPapel === 'criador';
  if (filter === 'subscricoes') return group.meuPapel === 'administrador' || group.meuPapel === 'normal';
  return true;
}

/** The server's order: groups made on this phone first (waiting to be sent), the official ones, then the most recent. */
export function compareGroups(a: { id: string; data: GroupSummary }, b: { id: string; data: GroupSummary }): number {
  const rank = (row: { id: string; data: GroupSummary }) => (row.id.startsWith('local:') ? 0 : row.data.oficial ? 1 : 2);
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  const at = (row: { data: GroupSummary }) => row.data.lastMessageAt ?? row.data.createdAt;
  const byTime = byCodeUnits(at(b), at(a));
  return byTime !== 0 ? byTime : byCodeUnits(b.id, a.id);
}

/** Whether a group has a message the user has not seen: newer than what they saw when they last opened it. */
export function hasUnseenMessage(group: Pick<GroupSummary, 'lastMessage' | 'lastMessageAt' | 'lastSender'>, seenUpTo: string | null | undefined, selfId: string): boolean {
  if (!group.lastMessageAt || group.lastMessage === null || !seenUpTo) return false;
  if (group.lastSender?.id === selfId) return false;
  return group.lastMessageAt > seenUpTo;
}

/** The list-row preview of a last message (SPEC §9: cut at 25 to 35 characters in lists; own messages shorter). */
export function groupPreview(text: string, own: boolean): string {
  const limit = own ? 25 : 35;
  const chars = [...text];
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : text;
}

/** The syncMeta key of a filter's pages ('groups' for tudo, as the community refresh has always used). */
export function groupListResource(filter: GroupFilter): string {
  return filter === 'tudo' ? 'groups' : `groups:${filter}`;
}
