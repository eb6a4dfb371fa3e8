import type { AppDb } from '../../db/app-db.ts';
import type { GroupAddPolicy } from '../../../contract/group-add-policy.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';

// Who may add the user to a group (PATCH conta/privacidade, docs/api/social.md "Settings"), through the outbox like
// the other settings: the stored profile shows the choice at once, the server's answer (the whole account, as for
// conta/actualizar) replaces it, folded by accountUpdateApplier.

export const ACCOUNT_PRIVACY = 'account.privacy';

export function updateGroupAddPolicy(db: AppDb, userId: string, adicionarGrupos: GroupAddPolicy): Promise<number> {
  return enqueueMutation(db, {
    userId,
    kind: ACCOUNT_PRIVACY,
    method: 'PATCH',
    path: '/api/client/common/conta/privacidade',
    body: { adicionarGrupos },
    optimistic: async (_mutationId, tx) => {
      const record = await tx.kv.get('profile');
      if (record?.key !== 'profile') return;
      await tx.kv.put({ key: 'profile', value: { ...record.value, usuario: { ...record.value.usuario, adicionarGrupos } } });
    },
  });
}
