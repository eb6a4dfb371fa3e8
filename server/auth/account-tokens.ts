import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/create-db.ts';
import type { TokensContaTable } from '../db/schema.ts';
import type { Trx } from '../idempotency/idempotent.ts';
import { transaction } from '../db/transaction.ts';

// Single-use links sent by mail (password reset, e-mail verification). The token travels only in the mail; the
// database keeps its SHA-256, so a copy of the database cannot be turned into working links.

export type Finalidade = TokensContaTable['finalidade'];

export const PASSWORD_RESET_TTL_MS = 3_600_000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3_600_000;

/** 32 random bytes, URL-safe. */
export function newAccountToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccountToken(token) };
}

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are 43 base64url characters; anything else cannot exist and is refused without a query. */
export function isAccountTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export interface IssueToken {
  hash: string;
  userId: string;
  finalidade: Finalidade;
  email: string;
  ttlMs: number;
  now?: Date;
}

/** Stores a new token; the user's earlier unused tokens of the same purpose stop working (only the newest link does). */
export async function storeAccountToken(db: Db, input: IssueToken): Promise<void> {
  const now = input.now ?? new Date();
  await transaction(db, async (trx) => {
    await trx
      .updateTable('tokens_conta')
      .set({ usado_em: now.toISOString() })
      .where('usuario_id', '=', input.userId)
      .where('finalidade', '=', input.finalidade)
      .where('usado_em', 'is', null)
      .execute();
    await trx
      .insertInto('tokens_conta')
      .values({
        token_hash: input.hash,
        usuario_id: input.userId,
        finalidade: input.finalidade,
        email: input.email,
        expira_em: new Date(now.getTime() + input.ttlMs).toISOString(),
        usado_em: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
}

/**
 * Issues a token and mails it: stored first (the link must work the moment the mail arrives), withdrawn again when
 * the mail could not be sent, so a failed send neither leaves a link nobody has nor counts as a recent send that
 * would make the next request answer "sent" and send nothing. Throws what the send threw.
 */
export async function mailAccountToken(db: Db, input: Omit<IssueToken, 'hash'>, send: (token: string) => Promise<unknown>): Promise<void> {
  const { token, hash } = newAccountToken();
  await storeAccountToken(db, { ...input, hash });
  try {
    await send(token);
  } catch (error) {
    await db.deleteFrom('tokens_conta').where('token_hash', '=', hash).execute();
    throw error;
  }
}

/** Whether the token is unused and unexpired now (a cheap check before expensive work; consume decides). */
export async function isAccountTokenUsable(db: Db, token: string, finalidade: Finalidade, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('tokens_conta')
    .select('token_hash')
    .where('token_hash', '=', hashAccountToken(token))
    .where('finalidade', '=', finalidade)
    .where('usado_em', 'is', null)
    .where('expira_em', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends the token in the statement that checks it, so two requests with one link cannot both succeed: the user
 * and e-mail it was issued for, or null when it is unknown, used or expired.
 */
export async function consumeAccountToken(
  trx: Trx | Db,
  token: string,
  finalidade: Finalidade,
  now = new Date(),
): Promise<{ userId: string; email: string | null } | null> {
  const row = await trx
    .updateTable('tokens_conta')
    .set({ usado_em: now.toISOString() })
    .where('token_hash', '=', hashAccountToken(token))
    .where('finalidade', '=', finalidade)
    .where('usado_em', 'is', null)
    .where('expira_em', '>', now.toISOString())
    .returning(['usuario_id', 'email'])
    .executeTakeFirst();
  return row ? { userId: row.usuario_id, email: row.email } : null;
}
