import type { Migration } from 'kysely';
import { initial } from './0001-initial.ts';
import { notifications } from './0002-notifications.ts';
import { push } from './0003-push.ts';
import { betting } from './0004-betting.ts';
import { social } from './0005-social.ts';
import { security } from './0006-security.ts';
import { jobs } from './0007-jobs.ts';
import { ordering } from './0008-ordering.ts';
import { notificationKeys } from './0009-notification-keys.ts';
import { reports } from './0011-reports.ts';
import { record } from './0012-record.ts';
import { sessionBindings } from './0013-session-bindings.ts';
import { groupInvitations } from './0014-group-invitations.ts';
import { footballFeed } from './0020-football-feed.ts';
import { paymentGateways } from './0021-payment-gateways.ts';
import { paymentReferences } from './0022-payment-references.ts';
import { slipNotes } from './0023-slip-notes.ts';

// In-code provider: names sort in application order, and a new migration is appended here, never edited in place.
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-notifications': notifications,
  '0003-push': push,
  '0004-betting': betting,
  '0005-social': social,
  '0006-security': security,
  '0007-jobs': jobs,
  '0008-ordering': ordering,
  '0009-notification-keys': notificationKeys,
  '0011-reports': reports,
  '0012-record': record,
  '0013-session-bindings': sessionBindings,
  '0014-group-invitations': groupInvitations,
  '0020-football-feed': footballFeed,
  '0021-payment-gateways': paymentGateways,
  '0022-payment-references': paymentReferences,
  '0023-slip-notes': slipNotes,
};
