import type { CommunityUser } from '../../contract/schemas/explore.ts';
import type { RecordSummary } from '../../contract/schemas/record.ts';
import type { Db } from '../db/create-db.ts';
import { addDays } from '../lib/time.ts';
import type { Page } from '../social/shared/request.ts';
import { loadAllRecordSummaries } from '../slips/record.ts';
import { loadUsers, toPublic } from '../social/shared/users.ts';

// The community leaderboard of the Explore page (docs/api/explore.md): bettors ranked by the ROI of their verified
// record (contract/record.ts) among those with at least RECORD_MIN_SETTLED settled slips (posicao 1..n), then the
// others, not ranked (posicao null), by settled slips and followers, so the board is never empty. The stats count
// published slips only (a hidden slip says nothing to anybody else); the record counts hidden ones too (no
// cherry-picking).

export const LEADERBOARD_DAYS = 30;
/** How deep the board goes: the top 1,000 bettors, four pages of the largest size. Later pages are empty. */
export const LEADERBOARD_DEPTH = 1000;
/** How long a computed board is served before it is computed again. */
export const LEADERBOARD_TTL_MS = 60_000;

interface CachedBoard {
  expiresAt: number;
  board: Promise<CommunityUser[]>;
}

/**
 * The board counts every user's slips and followers, and anyone may ask for it without signing in, so it is computed
 * at most once per interval and every page is cut from that result: a flood of requests, for any pages, costs one
 * computation per interval. Requests that arrive while it is computed wait for the same computation. One board per
 * database (tests run several apps in one process), so the memory held is bounded by LEADERBOARD_DEPTH.
 */
const boards = new WeakMap<Db, CachedBoard>();

export async function communityPage(db: Db, page: Page, now: Date): Promise<CommunityUser[]> {
  const board = await cachedBoard(db, now);
  return board.slice(page.offset, page.offset + page.size);
}

function cachedBoard(db: Db, now: Date): Promise<CommunityUser[]> {
  const cached = boards.get(db);
  if (cached && cached.expiresAt > now.getTime()) return cached.board;
  const board = computeBoard(db, now);
  boards.set(db, { expiresAt: now.getTime() + LEADERBOARD_TTL_MS, board });
  // A failed computation is not kept: the next request tries again.
  board.catch(() => {
    if (boards.get(db)?.board === board) boards.delete(db);
  });
  return board;
}

const EMPTY_RECORD: RecordSummary = { liquidadas: 0, taxaAcerto: null, roi: null, suficiente: false };

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Ranked first: higher ROI, then more settled slips, then the handle. */
function byRecord(a: { record: RecordSummary; name: string }, b: { record: RecordSummary; name: string }): number {
  return (b.record.roi ?? 0) - (a.record.roi ?? 0) || b.record.liquidadas - a.record.liquidadas || byName(a.name, b.name);
}

async function computeBoard(db: Db, now: Date): Promise<CommunityUser[]> {
  const since = addDays(now, -LEADERBOARD_DAYS).toISOString();
  const records = await loadAllRecordSummaries(db, now);
  const rows = await db
    .selectFrom('usuarios')
    .select((eb) => {
      const slips = () => eb.selectFrom('fichas').whereRef('fichas.usuario_id', '=', 'usuarios.id').where('fichas.oculta', '=', 0);
      return [
        'usuarios.id',
        'usuarios.nome_usuario',
        slips().select(eb.fn.countAll<number | string>().as('n')).as('fichas'),
        slips().where('fichas.estado', '=', 'won').select(eb.fn.countAll<number | string>().as('n')).as('ganhas'),
        slips()
          .where('fichas.estado', '=', 'won')
          .where('fichas.settled_at', '>=', since)
          .select(eb.fn.countAll<number | string>().as('n'))
          .as('ganhas_mes'),
        // The settled slips of any kind, an upper bound of the record's count, to pick the board's depth in SQL.
        eb
          .selectFrom('fichas')
          .whereRef('fichas.usuario_id', '=', 'usuarios.id')
          .where('fichas.estado', 'in', ['won', 'failed'])
          .select(eb.fn.countAll<number | string>().as('n'))
          .as('liquidadas'),
        eb
          .selectFrom('seguidores')
          .whereRef('seguidores.seguido_id', '=', 'usuarios.id')
          .select(eb.fn.countAll<number | string>().as('n'))
          .as('seguidores'),
      ];
    })
    // Bettors: moderators run the place, they are not on the board.
    .where('usuarios.role', '=', 'usuario')
    .orderBy('liquidadas', 'desc')
    .orderBy('seguidores', 'desc')
    .orderBy('usuarios.nome_usuario')
    .limit(LEADERBOARD_DEPTH)
    .execute();
  const entries = rows.map((row) => ({
    row,
    name: row.nome_usuario,
    record: records.get(row.id) ?? EMPTY_RECORD,
    followers: Number(row.seguidores ?? 0),
  }));
  const ranked = entries.filter((e) => e.record.suficiente).sort(byRecord);
  const others = entries
    .filter((e) => !e.record.suficiente)
    .sort((a, b) => b.record.liquidadas - a.record.liquidadas || b.followers - a.followers || byName(a.name, b.name));
  const cards = await loadUsers(db, rows.map((row) => row.id));
  return [...ranked.map((e, i) => ({ ...e, posicao: i + 1 })), ...others.map((e) => ({ ...e, posicao: null }))].flatMap(
    ({ row, record, posicao }) => {
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
          registo: record,
          posicao,
        },
      ];
    },
  );
}
