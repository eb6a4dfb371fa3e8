import type { Kysely } from 'kysely';
import { EXPIRY_WARNING_MS, LICENCE_PERIOD_DAYS } from '../../contract/limits.ts';
import { MSG } from '../../contract/messages.ts';
import type { Licenca, LicencePlan } from '../../contract/schemas/licence.ts';
import type { Database, LicencaEstado, LicencasTable } from '../db/schema.ts';
import { refuse, type Outcome } from '../idempotency/idempotent.ts';
import { newId } from '../lib/ids.ts';
import { DAY_MS } from '../lib/time.ts';

type Q = Kysely<Database>;
export type LicenceRow = LicencasTable;

/** A user's current licence: the newest row (sign-up makes one; renewals update it in place). */
export async function currentLicence(q: Q, userId: string): Promise<LicenceRow | undefined> {
  return q
    .selectFrom('licencas')
    .selectAll()
    .where('usuario_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Licences expire by time: an enabled licence past its expiry reads as expired, without a job to flip it. */
export function effectiveState(row: Pick<LicenceRow, 'estado' | 'expira_em'>, now: Date): LicencaEstado {
  if (row.estado === 'habilitada' && Date.parse(row.expira_em) <= now.getTime()) return 'expirada';
  return row.estado;
}

export function isActive(row: LicenceRow | undefined, now: Date): boolean {
  return row !== undefined && effectiveState(row, now) === 'habilitada';
}

function parseProof(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function toLicenca(row: LicenceRow, user: { id: string; nomeUsuario: string }, now: Date): Licenca {
  const estado = effectiveState(row, now);
  const left = Date.parse(row.expira_em) - now.getTime();
  return {
    id: row.id,
    usuario: user,
    estado,
    tipo: row.tipo,
    expiraEm: row.expira_em,
    isExpiring: estado === 'habilitada' && left > 0 && left <= EXPIRY_WARNING_MS,
    transferencia: { comprovativo: parseProof(row.comprovativo), solicitacao: row.solicitacao },
  };
}

/** The licence a user without any row sees: pending, nothing paid, nothing requested. */
export function placeholderLicence(userId: string, now: Date): LicenceRow {
  return {
    id: newId(),
    usuario_id: userId,
    estado: 'pendente',
    tipo: 'experimental',
    expira_em: now.toISOString(),
    created_at: now.toISOString(),
    comprovativo: null,
    solicitacao: null,
  };
}

/** The user's licence row, created as pending if the user somehow has none (every later update needs a row). */
export async function licenceForUpdate(q: Q, userId: string, now: Date): Promise<LicenceRow> {
  const row = await currentLicence(q, userId);
  if (row) return row;
  const created = placeholderLicence(userId, now);
  await q.insertInto('licencas').values(created).execute();
  return created;
}

/**
 * Adds a plan's period from the later of now and the current expiry (SPEC §9 prices; mensal 30 d, trimestral 90 d,
 * anual 365 d). A blocked licence keeps its state (paying does not lift a block); any waiting activation request is
 * answered by the extension and cleared.
 */
export async function extendLicence(q: Q, input: { userId: string; plan: LicencePlan; now: Date; days?: number }): Promise<LicenceRow> {
  const row = await licenceForUpdate(q, input.userId, input.now);
  const stillValid = effectiveState(row, input.now) === 'habilitada' || row.estado === 'bloqueada';
  const from = Math.max(input.now.getTime(), stillValid ? Date.parse(row.expira_em) : 0);
  const days = input.days ?? LICENCE_PERIOD_DAYS[input.plan];
  const updated: LicenceRow = {
    ...row,
    estado: row.estado === 'bloqueada' ? 'bloqueada' : 'habilitada',
    tipo: input.plan,
    expira_em: new Date(from + days * DAY_MS).toISOString(),
    comprovativo: null,
    solicitacao: null,
  };
  await q
    .updateTable('licencas')
    .set({ estado: updated.estado, tipo: updated.tipo, expira_em: updated.expira_em, comprovativo: null, solicitacao: null })
    .where('id', '=', row.id)
    .execute();
  return updated;
}

/** SPEC §7/§8: calls that need a subscription answer with `tipo` and `message`, which opens the subscription notice. */
export function subscriptionRefusal(row: LicenceRow | undefined): Outcome {
  const blocked = row?.estado === 'bloqueada';
  return refuse(403, blocked ? MSG.subscriptionBlocked : MSG.subscriptionCheck, { tipo: 'subscricao' });
}
