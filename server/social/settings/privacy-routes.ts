import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import { AccountUpdateResponseSchema, PrivacyUpdateRequestSchema } from '../../../contract/schemas/settings.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok, refuse } from '../../idempotency/idempotent.ts';
import { myProfileUser } from '../profile/repo.ts';
import { readJson } from '../shared/request.ts';
import { loadUser } from '../shared/users.ts';

/**
 * PATCH /api/client/common/conta/privacidade {adicionarGrupos} (added): who may add the user to a group straight
 * away (server/social/groups/invitations.ts). Answers the account as `conta/actualizar` does, so the app folds both
 * the same way.
 */
export async function updatePrivacy(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, PrivacyUpdateRequestSchema);
  if (!body.ok) return body.response;
  const me = c.get('user').id;
  const { adicionarGrupos } = body.data;
  return idempotent(c, async (trx) => {
    await trx
      .insertInto('privacidade')
      .values({ usuario_id: me, adicionar_grupos: adicionarGrupos })
      .onConflict((conflict) => conflict.column('usuario_id').doUpdateSet({ adicionar_grupos: adicionarGrupos }))
      .execute();
    const card = await loadUser(trx, me);
    const usuario = card ? await myProfileUser(trx, card) : null;
    if (!usuario) return refuse(401, MSG.unauthenticated);
    return ok(AccountUpdateResponseSchema, { message: MSG.privacyUpdated, usuario });
  });
}
