import type { Event } from '../../contract/schemas/events.ts';
import type { Session } from '../../contract/schemas/auth.ts';
import type { DraftSlip } from '../../contract/draft-slip.ts';
import type { Licenca } from '../../contract/schemas/licence.ts';
import type { Pagamento } from '../../contract/schemas/payments.ts';
import type { Follows, MyProfileUser } from '../../contract/schemas/profile.ts';
import type { UserRecord } from '../../contract/schemas/record.ts';

export interface SessionRecord {
  key: 'session';
  session: Session | null;
  /** When the server last answered about the session (0: never). */
  checkedAt: number;
  /** Signed out on this phone while offline; the server still has to be told. */
  signOutPending?: boolean;
}

export interface ProvidersRecord {
  key: 'providers';
  ids: string[];
}

export interface MaintenanceRecord {
  key: 'maintenance';
  active: boolean;
}

/** Users online by presence (SPEC §4): the channel's members plus the current user. */
export interface OnlineUsersRecord {
  key: 'onlineUsers';
  ids: string[];
}

/** Where pushes come from, for the service worker (hosted Beams or our own Beams-compatible API). */
export interface PushConfigRecord {
  key: 'pushConfig';
  instanceId: string;
  endpointOverride: string | null;
}

/** The slip builder (contract/draft-slip.ts), kept across reloads, restarts and offline use; read through readDraft. */
export interface DraftSlipRecord {
  key: 'draftSlip';
  value: DraftSlip;
}

/** The tip being brought in (routes/SlipImport.tsx): what was pasted or shared, and the fixture picked per ambiguous leg. */
export interface TipImportRecord {
  key: 'tipImport';
  value: { text: string; chosen: Record<string, string | null> };
}

/** The signed-in user's latest payments as the server last sent them (newest first). */
export interface PaymentsRecord {
  key: 'payments';
  value: Pagamento[];
}

/** The signed-in user's licence as the server last sent it. */
export interface LicenceRecord {
  key: 'licence';
  value: Licenca;
}

/** The signed-in user's profile as the server last sent it, with their verified record once sent. */
export interface ProfileRecord {
  key: 'profile';
  value: { usuario: MyProfileUser; follows: Follows; registo?: UserRecord };
}

/**
 * Pushes the service worker received, kept for the page to validate and fold into the store (sync/push-inbox.ts): the
 * worker does not bundle the contract's schemas (DESIGN §10: its script stays small). `userId` is whose phone it was
 * when the push came.
 */
export interface PushInboxRecord {
  key: 'pushInbox';
  items: { id: string; userId: string; sinal: unknown; receivedAt: number }[];
}

export type KeyValueRecord =
  | PushInboxRecord
  | LicenceRecord
  | PaymentsRecord
  | ProfileRecord
  | DraftSlipRecord
  | TipImportRecord
  | PushConfigRecord
  | SessionRecord
  | ProvidersRecord
  | MaintenanceRecord
  | ClientIdRecord
  | MutationCounterRecord
  | OnlineUsersRecord;

export type StoredEvent = Event;

export interface SyncMeta {
  resource: string;
  refreshedAt: number;
  error: string | null;
  /** Paged lists: pages loaded, rows received, and whether the server has no more (SPEC §4 Lists). */
  pages?: number;
  received?: number;
  noMore?: boolean;
  /** Cursor lists (messages): the `before` of the next older page, null when there is none. */
  cursor?: string | null;
  /**
   * Messages: the sort key of the newest message the last newest-page pull brought. Everything from the cursor up to
   * it is on the phone, so a later newest page that reaches down to it continues the same run.
   */
  ceiling?: string;
  /**
   * Messages: the sort key of the oldest message of that run (the last page pulled). Messages stored below it (live
   * signals, an earlier visit) may have holes, so a chat shows them only once paging has reached them.
   */
  floor?: string;
}

export interface ClientIdRecord {
  key: 'clientId';
  value: string;
}

export interface MutationCounterRecord {
  key: 'nextMutationId';
  value: number;
}
