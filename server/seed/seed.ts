import { hashPassword } from '../auth/password.ts';
import { createUser } from '../auth/users-repo.ts';
import type { Db } from '../db/create-db.ts';
import { seedSocial } from '../social/seed/seed-social.ts';
import { DEMO_USERS } from './demo-users.ts';

/** Demo accounts hold a yearly licence so trying the product is not cut short by the 3-day trial. */
const DEMO_LICENCE = { estado: 'habilitada', tipo: 'anual', days: 365 } as const;

/** Seeds the demo users on a database that has no users yet; returns whether it did. */
export async function seedDemoUsers(db: Db, now = new Date()): Promise<boolean> {
  const any = await db.selectFrom('usuarios').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  for (const demo of DEMO_USERS) {
    await createUser(
      db,
      {
        nome: demo.nome,
        nomeUsuario: demo.nomeUsuario,
        email: demo.email,
        telefone: demo.telefone,
        fotografia: null,
        passwordHash: await hashPassword(demo.password),
        role: demo.role,
        conta: demo.conta,
        referrerId: null,
        // The demo's addresses are ours; marked verified so Google sign-in rules do not lock them.
        emailVerificadoEm: now.toISOString(),
      },
      DEMO_LICENCE,
      now,
    );
  }
  await seedSocial(db, now);
  return true;
}
