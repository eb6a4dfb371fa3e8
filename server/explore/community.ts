import type { CommunityUser } from '../../contract/schemas/explore.ts';
import type { Db } from '../db/create-db.ts';
import { addDays } from '../lib/time.ts';
import type { Page } from '../social/shared/request.ts';
import { loadUsers, toPublic } from '../social/shared/users.ts';

// The community leaderboard of the Explore page: bettors by the slips they won in the last 30 days, then by followers.
// Only published slips count: a hidden slip says nothing to anybody else.

export const LEADERBOARD_DAYS = 30;

export async function communityPage(db: Db, page: Page, now: Date): Promise<CommunityUser[]> {
  const since = addDays(now, -LEADERBOARD_DAYS).toISOString();
  const rows = await db
    .selectFrom('usuarios')
    .select((eb) => {
      const slips = () => eb.selectFrom('fichas').whereRef('fichas.usuario_id', '=', 'usuarios.id').where('fichas.oculta', '=', 0);
      return [
        'usuarios.id',
        slips().select(eb.fn.countAll<number | string>().as('n')).as('fichas'),
        slips().where('fichas.estado', '=', 'won').select(eb.fn.countAll<number | string>().as('n')).as('ganhas'),
        slips()
          .where('fichas.estado', '=', 'won')
          .where('fichas.settled_at', '>=', since)
          .select(eb.fn.countAll<number | string>().as('n'))
          .as('ganhas_mes'),
        eb
          .selectFrom('seguidores')
          .whereRef('seguidores.seguido_id', '=', 'usuarios.id')
          .select(eb.fn.countAll<number | string>().as('n'))
          .as('seguidores'),
      ];
    })
    // Bettors: moderators run the place, they are not on the board.
    .where('usuarios.role', '=', 'usuario')
    .orderBy('ganhas_mes', 'desc')
    .orderBy('seguidores', 'desc')
    .orderBy('ganhas', 'desc')
    .orderBy('usuarios.nome_usuario')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  const cards = await loadUsers(db, rows.map((row) => row.id));
  return rows.flatMap((row) => {
    const card = cards.get(row.id);
    if (!card) return [];
    return [
      {
        ...toPublic(card),
        conta: card.conta,
        nif: { verificado: card.verificado },
        banca: card.banca,
        stats: {
          fichas: Number(row.fichas ?? 0),
          ganhas: Number(row.ganhas ?? 0),
          ganhasMes: Number(row.ganhas_mes ?? 0),
          seguidores: Number(row.seguidores ?? 0),
        },
      },
    ];
  });
}
