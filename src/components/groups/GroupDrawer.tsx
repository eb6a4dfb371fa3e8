// The group side drawer (SPEC §2, §4, §6): members, roles, add/remove, edit, delete, leave. Placeholder until it
// lands (issue 12); GroupChat renders it.
export function GroupDrawer(_props: { groupId: string; open: boolean; onClose: () => void }) {
  return null;
}
