import { TRIAL_DAYS } from '../../contract/limits.ts';
import { normalizeEmail, normalizeIdentifier } from '../../contract/normalize.ts';
import type { PublicUser } from '../../contract/schemas/auth.ts';
import type { Db } from '../db/create-db.ts';
import type { Conta, LicencaEstado, Role, UsuariosTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { addDays } from '../lib/time.ts';
import { transaction } from '../db/transaction.ts';
import { isReservedHandle } from '../../contract/official-account.ts';

export type UserRow = UsuariosTable;

/** Matches a sign-in or recovery identifier against the username or the e-mail, both normalised. */
export async function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | undefined> {
  const normalized = normalizeIdentifier(identifier);
  if (!normalized) return undefined;
  // E-mails are stored by normalizeEmail, which keeps characters normalizeIdentifier strips; try both forms.
  const emails = [...new Set([normalized, normalizeEmail(identifier)])];
  return db
    .selectFrom('usuarios')
    .selectAll()
    .where((eb) => eb.or([eb('nome_usuario', '=', normalized), eb('email', 'in', emails)]))
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Taken by an account, or reserved: the official account's English alias is nobody's handle (contract/official-account.ts). */
export async function usernameExists(db: Db, nomeUsuario: string): Promise<boolean> {
  if (isReservedHandle(nomeUsuario)) return true;
  const row = await db.selectFrom('usuarios').select('id').where('nome_usuario', '=', nomeUsuario).executeTakeFirst();
  return row !== undefined;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('usuarios').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export interface NewUser {
  nome: string;
  nomeUsuario: string;
  email: string;
  telefone: string | null;
  fotografia: string | null;
  passwordHash: string;
  role: Role;
  conta: Conta | null;
  referrerId: string | null;
  /** Set when the address is already known to be the user's (Google said so, or the demo accounts). */
  emailVerificadoEm?: string | null;
}

export interface NewLicence {
  estado: LicencaEstado;
  tipo: string;
  days: number;
}

/** The 3-day trial every sign-up gets (SPEC §1, §9). */
export const TRIAL_LICENCE: NewLicence = { estado: 'habilitada', tipo: 'experimental', days: TRIAL_DAYS };

/** Inserts the user and the licence in one transaction: a user never exists without a licence. */
export async function createUser(db: Db, user: NewUser, licence: NewLicence, now = new Date()): Promise<UserRow> {
  const row: UserRow = {
    id: newId(),
    nome: user.nome,
    nome_usuario: user.nomeUsuario,
    email: user.email,
    telefone: user.telefone,
    fotografia: user.fotografia,
    password_hash: user.passwordHash,
    role: user.role,
    conta: user.conta,
    referrer_id: user.referrerId,
    created_at: now.toISOString(),
    sessoes_desde: null,
    email_verificado_em: user.emailVerificadoEm ?? null,
  };
  await transaction(db, async (trx) => {
    await trx.insertInto('usuarios').values(row).execute();
    await trx
      .insertInto('licencas')
      .values({
        id: newId(),
        usuario_id: row.id,
        estado: licence.estado,
        tipo: licence.tipo,
        expira_em: addDays(now, licence.days).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  });
  return row;
}

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, nome: row.nome, nomeUsuario: row.nome_usuario, fotografia: row.fotografia, role: row.role };
}
