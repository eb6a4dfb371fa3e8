// Names of the refreshed resources in syncMeta, shared by refreshers and the read atoms that show freshness.
export const UPCOMING_EVENTS = 'events:upcoming';
/** An Explore query's freshness (its results are the `queries` row of the same key). */
export const exploreMetaKey = (key: string) => `query:${key}`;
export const COMPETITIONS_QUERY = 'explore:competicoes';

/** Freshness records of data that is the same for everyone (events and their markets): kept across users. */
export function isSharedResource(resource: string): boolean {
  return resource === UPCOMING_EVENTS || resource.startsWith('event:');
}

/** The rooms list as the server last ordered it (live first, then by kick-off): a `queries` row of room ids. */
export const ROOMS_QUERY = 'salas:lista';
/** A room opened on its own (by room or event id): its freshness; a room seen lately stays on the phone. */
export const roomMetaKey = (roomId: string) => `room:${roomId}`;
