// Names of the refreshed resources in syncMeta, shared by refreshers and the read atoms that show freshness.
export const UPCOMING_EVENTS = 'events:upcoming';
