// Everything that talks to the server. The state layer loads this module lazily (state/lazy-sync.ts), so the
// HTTP client and the response schemas stay off the entry route's critical path (DESIGN §10).
export { refreshSession, signIn, signOut } from './session-actions.ts';
export { signUp, checkAvailability, requestPasswordRecovery, resetPassword, startProviderSignIn } from './auth-actions.ts';
export { updateAccount } from './resources/account-update.ts';
export { updateGroupAddPolicy } from './resources/privacy.ts';
export { answerGroupInvitation } from './resources/group-invitations.ts';
export {
  changePassword,
  endAllSessions,
  loadContactDetails,
  sendEmailConfirmation,
  sendPhoneCode,
  verifyPhone,
} from './resources/account-settings.ts';
export { refreshUpcomingEvents, refreshEventDetail } from './events.ts';
export { refreshProviders, refreshServiceStatus } from './service.ts';
export { onOtherTabSignal } from './tab-signal.ts';
export { outboxRunner } from './outbox/app-outbox.ts';
export { startOutbox, afterEnqueue } from './outbox/page.ts';
export { startPushInbox } from './push-inbox.ts';
export { retryRejected, discardRejected } from './outbox/replayer.ts';
export { APPLIERS } from './outbox/registry.ts';
export { connectRealtime, refreshOnlineUsers } from './realtime/connect.ts';
export { registerPush, unregisterPush } from './push.ts';
export { sendMessage, shareSlip, pullLatestMessages, pullOlderMessages, chatKeyOf } from './resources/messages.ts';
export { resetCounter, markConversationRead, setFollowing, editGroup } from './resources/social-actions.ts';
export { searchUsersToAdd, addGroupMember, subscribeToGroup } from './resources/group-admin.ts';
export {
  conversationsList,
  groupsList,
  refreshList,
  loadMore,
  refreshCounters,
  openConversationWith,
} from './resources/lists.ts';
export { roomsList, refreshRoom } from './resources/rooms.ts';
export { createGroup, refreshGroup, joinGroup, markGroupSeen } from './resources/groups.ts';
export { createSlip, slipAction, slipList, refreshSlip, refreshPublicSlip, refusedSelections, slipRequestBody } from './resources/slips.ts';
export { refreshSharedSlip } from './resources/shared-slips.ts';
export { refreshExplore, loadMoreExplore, refreshCompetitions, askForTip } from './resources/explore.ts';
export { refreshLicence, refreshProfile } from './resources/account.ts';
export { activateTrial, redeemCode, sendPaymentProof, renewLicence, checkPayment } from './resources/licence.ts';
export { cancelPayment, refreshPayments } from './resources/payments.ts';
export { onSubscriptionRefusal } from '../api/subscription-refusals.ts';
export { pruneStore } from './prune.ts';
export { refreshNotifications, loadOlderNotifications, markNotificationsRead } from './resources/notifications.ts';
export { refreshUserProfile, loadProfileList, followUser } from './resources/profile.ts';
export { loadRewards, refreshReward, sendReward, checkRewardPayment } from './resources/rewards.ts';
export { pullLatestComments, pullOlderComments, sendComment } from './resources/comments.ts';
export * as moderation from './resources/moderation.ts';
