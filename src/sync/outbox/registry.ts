import type { ApplierRegistry } from './appliers.ts';
import { messageApplier } from '../resources/messages.ts';
import { groupApplier } from '../resources/social-actions.ts';
import { groupCreateApplier } from '../resources/groups.ts';
import { accountUpdateApplier } from '../resources/account-update.ts';
import { slipActionApplier, slipCreateApplier } from '../resources/slips.ts';
import { followApplier } from '../resources/profile.ts';
import { commentApplier } from '../resources/comments.ts';
import { invitationApplier, INVITATION_KINDS } from '../resources/group-invitations.ts';
import { ACCOUNT_PRIVACY } from '../resources/privacy.ts';

/**
 * Every kind of mutation the outbox carries, with how its outcomes fold into the store. Kinds whose answer needs
 * no folding (counter.reset, conversation.markRead) keep their optimistic change as is.
 */
export const APPLIERS: ApplierRegistry = {
  'slip.create': slipCreateApplier,
  'slip.publish': slipActionApplier,
  'slip.hide': slipActionApplier,
  'slip.save': slipActionApplier,
  'slip.unsave': slipActionApplier,
  'message.send': messageApplier,
  share: messageApplier,
  'group.create': groupCreateApplier,
  'group.update': groupApplier,
  'group.addMember': groupApplier,
  'group.removeMember': groupApplier,
  'group.setAdmin': groupApplier,
  'group.unsetAdmin': groupApplier,
  'group.leave': groupApplier,
  'group.delete': groupApplier,
  'account.update': accountUpdateApplier,
  // The same answer as conta/actualizar: the account.
  [ACCOUNT_PRIVACY]: accountUpdateApplier,
  [INVITATION_KINDS.aceitar]: invitationApplier,
  [INVITATION_KINDS.ignorar]: invitationApplier,
  follow: followApplier,
  unfollow: followApplier,
  'comment.create': commentApplier,
};
