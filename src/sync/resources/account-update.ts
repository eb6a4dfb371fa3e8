import type { AppDb } from '../../db/app-db.ts';
import { AccountUpdateResponseSchema } from '../../../contract/schemas/settings.ts';
import type { Applier } from '../outbox/appliers.ts';
import { enqueueMutation } from '../outbox/enqueue.ts';

// Name, photo and phone from the settings screen, through the outbox (docs/api/social.md "Settings"). Kept apart
// from the calls that need the network: the outbox's registry imports this module, so it must not import the
// session code that imports the outbox.

const ACCOUNT_UPDATE = 'account.update';

/** The fields of PATCH conta/actualizar the settings screen changes; only those given change. */
interface AccountChanges {
  nome?: string;
  fotografia?: string | null;
  numeroTelemovel?: string;
}

/**
 * Name, photo and phone go through the outbox, so they wait on this phone while offline; the stored profile shows
 * the change at once. A new number is unverified until its code is checked (the server says the same).
 */
export function updateAccount(db: AppDb, userId: string, changes: AccountChanges): Promise<number> {
  return enqueueMutation(db, {
    userId,
    kind: ACCOUNT_UPDATE,
    method: 'PATCH',
    path: '/api/client/common/conta/actualizar',
    body: changes,
    optimistic: async (_mutationId, tx) => {
      const record = await tx.kv.get('profile');
      if (record?.key !== 'profile') return;
      const { usuario } = record.value;
      const phoneChanged = changes.numeroTelemovel !== undefined && changes.numeroTelemovel !== usuario.numeroTelemovel;
      await tx.kv.put({
        key: 'profile',
        value: {
          ...record.value,
          usuario: {
            ...usuario,
            ...(changes.nome !== undefined ? { nome: changes.nome } : {}),
            ...(changes.fotografia !== undefined ? { fotografia: changes.fotografia } : {}),
            ...(changes.numeroTelemovel !== undefined ? { numeroTelemovel: changes.numeroTelemovel || null } : {}),
            ...(phoneChanged ? { telefoneVerificado: false } : {}),
          },
        },
      });
    },
  });
}

/** The server's profile after the change replaces the optimistic one; a discarded change waits for the next refresh. */
export const accountUpdateApplier: Applier = {
  async applied(db, _entry, body) {
    const parsed = AccountUpdateResponseSchema.safeParse(body);
    const record = await db.kv.get('profile');
    if (!parsed.success || record?.key !== 'profile') return;
    await db.kv.put({ key: 'profile', value: { ...record.value, usuario: parsed.data.usuario } });
  },
  async discarded(db) {
    // The optimistic values stay until the profile is fetched again, which this makes due at once.
    await db.syncMeta.delete('profile');
  },
};
