import type { Trx } from '../../idempotency/idempotent.ts';

/** Makes sure the user has a perfis row (users made by sign-up get theirs on first change). */
export async function ensurePerfil(trx: Trx, userId: string): Promise<void> {
  await trx
    .insertInto('perfis')
    .values({
      usuario_id: userId,
      banca_amount: 0,
      banca_trend: 'up',
      socials: '{}',
      nif_verificado: 0,
      telefone_verificado: 0,
      foto_versao: 0,
    })
    .onConflict((conflict) => conflict.column('usuario_id').doNothing())
    .execute();
}
