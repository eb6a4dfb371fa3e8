import type { Kysely } from 'kysely';
import type { Follows, MyProfileUser, ProfileUser } from '../../../contract/schemas/profile.ts';
import { DEFAULT_GROUP_ADD_POLICY } from '../../../contract/group-add-policy.ts';
import { SocialsSchema } from '../../../contract/schemas/profile.ts';
import type { Database } from '../../db/schema.ts';
import type { Page } from '../shared/request.ts';
import { toPublic, type UserCard } from '../shared/users.ts';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import { loadUsers } from '../shared/users.ts';

type Reader = Kysely<Database>;

export function parseSocials(text: string | null | undefined): Record<string, string> {
  try {
    const parsed = SocialsSchema.safeParse(JSON.parse(text ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

async function count(db: Reader, column: 'seguidor_id' | 'seguido_id', userId: string): Promise<number> {
  const row = await db
    .selectFrom('seguidores')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function followsOf(db: Reader, userId: string): Promise<Follows> {
  const perfil = await db.selectFrom('perfis').select('socials').where('usuario_id', '=', userId).executeTakeFirst();
  return {
    following: await count(db, 'seguidor_id', userId),
    followers: await count(db, 'seguido_id', userId),
    socials: parseSocials(perfil?.socials),
  };
}

export async function isFollowing(db: Reader, followerId: string, followedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('seguidores')
    .select('seguidor_id')
    .where('seguidor_id', '=', followerId)
    .where('seguido_id', '=', followedId)
    .executeTakeFirst();
  return row !== undefined;
}

export function toProfileUser(card: UserCard, createdAt: string): ProfileUser {
  return { ...toPublic(card), conta: card.conta, nif: { verificado: card.verificado }, banca: card.banca, createdAt };
}

/** The signed-in user's own profile, with the private fields only they see. */
export async function myProfileUser(db: Reader, card: UserCard): Promise<MyProfileUser | null> {
  const row = await db
    .selectFrom('usuarios')
    .leftJoin('perfis', 'perfis.usuario_id', 'usuarios.id')
    .leftJoin('privacidade', 'privacidade.usuario_id', 'usuarios.id')
    .select(['usuarios.email', 'usuarios.telefone', 'usuarios.created_at', 'perfis.telefone_verificado', 'privacidade.adicionar_grupos'])
    .where('usuarios.id', '=', card.id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toProfileUser(card, row.created_at),
    email: row.email,
    numeroTelemovel: row.telefone,
    telefoneVerificado: row.telefone_verificado === 1,
    adicionarGrupos: row.adicionar_grupos ?? DEFAULT_GROUP_ADD_POLICY,
  };
}

export async function createdAtOf(db: Reader, userId: string): Promise<string> {
  const row = await db.selectFrom('usuarios').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row?.created_at ?? '';
}

/** Followers or followed users of someone, newest follow first. */
export async function followList(db: Reader, userId: string, direction: 'seguidores' | 'seguindo', page: Page): Promise<PublicUser[]> {
  const [mine, theirs] = direction === 'seguidores' ? (['seguido_id', 'seguidor_id'] as const) : (['seguidor_id', 'seguido_id'] as const);
  const rows = await db
    .selectFrom('seguidores')
    .select([theirs])
    .where(mine, '=', userId)
    .orderBy('seq', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  const ids = rows.map((r) => (r as Record<string, string>)[theirs] ?? '');
  const users = await loadUsers(db, ids);
  return ids.flatMap((id) => {
    const user = users.get(id);
    return user ? [toPublic(user)] : [];
  });
}

/** A user's published slips (hidden ones are nobody else's business, the owner's included here), newest first. */
export async function publishedSlipIds(db: Reader, userId: string, page: Page): Promise<string[]> {
  const rows = await db
    .selectFrom('fichas')
    .select('id')
    .where('usuario_id', '=', userId)
    .where('oculta', '=', 0)
    .orderBy('seq', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return rows.map((row) => row.id);
}
