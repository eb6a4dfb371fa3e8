// Names of the refreshed resources in syncMeta, shared by refreshers and the read atoms that show freshness.
export const UPCOMING_EVENTS = 'events:upcoming';
/** An Explore query's freshness (its results are the `queries` row of the same key). */
export const exploreMetaKey = (key: string) => `query:${key}`;
export const COMPETITIONS_QUERY = 'explore:competicoes';

/** Freshness records of data that is the same for everyone (events and their markets): kept across users. */
export function isSharedResource(resource: string): boolean {
  return resource === UPCOMING_EVENTS || resource.startsWith('event:');
}
