/** The Background Sync tag that wakes the service worker to send the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';
