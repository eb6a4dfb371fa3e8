import type { Kysely } from 'kysely';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import type { Banca } from '../../../contract/schemas/groups.ts';
import type { SignalSender } from '../../../contract/schemas/signals.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

type Reader = Kysely<Database>;

/**
 * Photos travel as URLs in social responses, not as data URLs: a list of 50 conversations would otherwise carry up
 * to 50 photos of 1 MB each. The version makes the URL change when the photo does, so it can be cached forever.
 */
export function photoUrl(userId: string, version: number): string {
  return `/api/client/public/fotografias/${userId}?v=${version}`;
}

export interface UserCard extends PublicUser {
  conta: 'oficial' | 'privilegiada' | null;
  banca: Banca;
  verificado: boolean;
}

function userQuery(db: Reader) {
  return db
    .selectFrom('usuarios')
    .leftJoin('perfis', 'perfis.usuario_id', 'usuarios.id')
    .select((eb) => [
      'usuarios.id',
      'usuarios.nome',
      'usuarios.nome_usuario',
      'usuarios.role',
      'usuarios.conta',
      'usuarios.created_at',
      eb.case().when('usuarios.fotografia', 'is', null).then(0).else(1).end().as('tem_foto'),
      'perfis.foto_versao',
      'perfis.banca_amount',
      'perfis.banca_trend',
      'perfis.nif_verificado',
    ]);
}

type UserRowLite = Awaited<ReturnType<ReturnType<typeof userQuery>['execute']>>[number];

function toCard(row: UserRowLite): UserCard {
  return {
    id: row.id,
    nome: row.nome,
    nomeUsuario: row.nome_usuario,
    fotografia: Number(row.tem_foto) === 1 ? photoUrl(row.id, row.foto_versao ?? 0) : null,
    role: row.role,
    conta: row.conta,
    banca: { amount: row.banca_amount ?? 0, trend: row.banca_trend ?? 'up' },
    verificado: row.nif_verificado === 1,
  };
}

export function toPublic(card: UserCard): PublicUser {
  return { id: card.id, nome: card.nome, nomeUsuario: card.nomeUsuario, fotografia: card.fotografia, role: card.role };
}

export function toSender(card: PublicUser): SignalSender {
  return { id: card.id, nome: card.nome, nomeUsuario: card.nomeUsuario, fotografia: card.fotografia };
}

/** Users by id, in one query; unknown ids are absent from the map. */
export async function loadUsers(db: Reader, ids: readonly string[]): Promise<Map<string, UserCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await userQuery(db).where('usuarios.id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, toCard(row)]));
}

// Sending a message loads its sender (and, to someone new, finds them by name): built once (server/db/prepared.ts).
const userById = prepared<{ id: string }, UserRowLite>((db, param) => userQuery(db).where('usuarios.id', '=', param('id')));
const userByName = prepared<{ nomeUsuario: string }, UserRowLite>((db, param) => userQuery(db).where('usuarios.nome_usuario', '=', param('nomeUsuario')));

export async function loadUser(db: Reader, id: string): Promise<UserCard | undefined> {
  const [row] = (await userById(db, { id })).rows;
  return row ? toCard(row) : undefined;
}

export async function findUserByName(db: Reader, nomeUsuario: string): Promise<UserCard | undefined> {
  const [row] = (await userByName(db, { nomeUsuario })).rows;
  return row ? toCard(row) : undefined;
}

/** A user that was deleted while still named by a row: shown rather than failing the whole list. */
export function missingUser(id: string): UserCard {
  return {
    id,
    nome: '—',
    nomeUsuario: '',
    fotografia: null,
    role: 'usuario',
    conta: null,
    banca: { amount: 0, trend: 'up' },
    verificado: false,
  };
}

/** Text search by handle or name, for adding users to groups and the public user search. */
export async function searchUsers(db: Reader, term: string, limit: number, offset: number): Promise<PublicUser[]> {
  // The term is a slug ([a-z0-9_]); `_` stays a one-character wildcard, which still matches a literal underscore.
  const pattern = `%${term.replace(/[%\\]/g, '')}%`;
  const rows = await userQuery(db)
    .where((eb) => eb.or([eb('usuarios.nome_usuario', 'like', pattern), eb(eb.fn('lower', ['usuarios.nome']), 'like', pattern)]))
    .orderBy('usuarios.nome_usuario')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => toPublic(toCard(row)));
}
