// Who may add a user to a group (docs/decisions.md "Group invitations and merged
// notifications"), without zod: the app's settings code reads it without loading the schemas.

/** Everyone, the people the user follows (the default), or nobody; anyone else's add becomes an invitation. */
export const GROUP_ADD_POLICIES = ['todos', 'seguidos', 'ninguem'] as const;
export type GroupAddPolicy = (typeof GROUP_ADD_POLICIES)[number];
export const DEFAULT_GROUP_ADD_POLICY: GroupAddPolicy = 'seguidos';
