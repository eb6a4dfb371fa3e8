import { normalizeUsername } from '../../../contract/normalize.ts';
import { exploreMetaKey } from '../resource-keys.ts';

// Where a profile and its lists live in the store; light enough for the state layer to import without the HTTP client.

/** The profile's freshness in syncMeta, by normalised handle. */
export const profileMetaKey = (nomeUsuario: string) => `profile:${normalizeUsername(nomeUsuario)}`;

export type ProfileListKind = 'seguidores' | 'seguindo' | 'fichas';

/** A profile list's `queries` row of ids (users in `users`, slips in `slips`). */
export const profileListKey = (kind: ProfileListKind, userId: string) => `perfil:${kind}:${userId}`;

/** A profile list's freshness and paging (the explore-style `query:` meta, pruned with its row). */
export const profileListMetaKey = (kind: ProfileListKind, userId: string) => exploreMetaKey(profileListKey(kind, userId));

/** A slip's comments are kept as messages under this chat key; their paging meta is the messages one. */
export const commentsKey = (fichaId: string) => `ficha:${fichaId}` as const;
export const commentsMetaKey = (fichaId: string) => `messages:${commentsKey(fichaId)}`;
