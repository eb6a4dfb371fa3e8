import type { LicencePlan } from '../../contract/schemas/licence.ts';
import type { Db } from '../db/create-db.ts';

/** Demo licence codes (docs/api/betting.md lists them): each can be used once, by anybody. */
export const DEMO_LICENCE_CODES: readonly { codigo: string; plano: LicencePlan }[] = [
  { codigo: 'FICH1', plano: 'mensal' },
  { codigo: 'FICH2', plano: 'mensal' },
  { codigo: 'GIRA3', plano: 'trimestral' },
  { codigo: 'PETRO', plano: 'trimestral' },
  { codigo: 'ANUAL', plano: 'anual' },
  { codigo: 'KZ100', plano: 'anual' },
];

export async function seedLicenceCodes(db: Db, now = new Date()): Promise<void> {
  await db
    .insertInto('codigos_licenca')
    .values(DEMO_LICENCE_CODES.map((code) => ({ ...code, usado_por: null, usado_em: null, created_at: now.toISOString() })))
    .onConflict((oc) => oc.column('codigo').doNothing())
    .execute();
}
