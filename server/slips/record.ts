import type { Kysely } from 'kysely';
import { computeRecord, countedMultiplier, recordSummary, type RecordSlip } from '../../contract/record.ts';
import type { RecordSummary, UserRecord } from '../../contract/schemas/record.ts';
import type { Database } from '../db/schema.ts';
import { fromCents } from '../sports/markets-repo.ts';

// A user's verified record (docs/api/betting.md "The record") with the rules of contract/record.ts, from every slip the
// server settled: hidden slips included (hiding takes a slip off public lists, never out of its author's record). One
// query per call, whatever the number of users.

type Q = Kysely<Database>;

/** PostgreSQL takes at most 65,535 parameters per statement, SQLite fewer: user ids go in chunks. */
const CHUNK = 500;

interface Row {
  id: string;
  usuario_id: string;
  valor: number;
  estado: RecordSlip['estado'];
  publicada_em: string | null;
  settled_at: string | null;
  odds: number;
  bet_status: Parameters<typeof countedMultiplier>[0][number]['status'];
  inicio: string | null;
  evento_date: string | null;
}

function settledLegs(q: Q) {
  return (
    q
      .selectFrom('fichas')
      .innerJoin('ficha_selecoes', 'ficha_selecoes.ficha_id', 'fichas.id')
      .leftJoin('eventos', 'eventos.id', 'ficha_selecoes.evento_id')
      .select([
        'fichas.id',
        'fichas.usuario_id',
        'fichas.valor',
        'fichas.estado',
        'fichas.publicada_em',
        'fichas.settled_at',
        'ficha_selecoes.odds',
        'ficha_selecoes.bet_status',
        'ficha_selecoes.inicio',
        'eventos.date as evento_date',
      ])
      // A pending slip never counts: only what the server settled is read.
      .where('fichas.estado', '!=', 'pending')
  );
}

/** Each user's slips as the record reads them. */
function group(rows: readonly Row[]): Map<string, RecordSlip[]> {
  const bySlip = new Map<string, { userId: string; slip: Row; legs: Row[] }>();
  for (const row of rows) {
    const entry = bySlip.get(row.id) ?? { userId: row.usuario_id, slip: row, legs: [] };
    entry.legs.push(row);
    bySlip.set(row.id, entry);
  }
  const byUser = new Map<string, RecordSlip[]>();
  for (const { userId, slip, legs } of bySlip.values()) {
    // The kick-off as it was when the slip was made (the leg's own copy), else the feed's.
    const kickOffs = legs.map((leg) => leg.inicio ?? leg.evento_date).filter((at): at is string => at !== null);
    const firstKickOff = kickOffs.reduce<string | null>((min, at) => (min === null || Date.parse(at) < Date.parse(min) ? at : min), null);
    const list = byUser.get(userId) ?? [];
    list.push({
      id: slip.id,
      estado: slip.estado,
      valor: slip.valor,
      multiplicador: countedMultiplier(legs.map((leg) => ({ odds: fromCents(leg.odds), status: leg.bet_status }))),
      publishedAt: slip.publicada_em,
      settledAt: slip.settled_at,
      firstKickOff,
    });
    byUser.set(userId, list);
  }
  return byUser;
}

async function recordSlipsOf(q: Q, userIds: readonly string[]): Promise<Map<string, RecordSlip[]>> {
  const unique = [...new Set(userIds)];
  const rows: Row[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    rows.push(...(await settledLegs(q).where('fichas.usuario_id', 'in', unique.slice(i, i + CHUNK)).execute()));
  }
  return group(rows);
}

/** One user's record as of `now`. */
export async function loadRecord(q: Q, userId: string, now: Date): Promise<UserRecord> {
  const slips = await recordSlipsOf(q, [userId]);
  return computeRecord(slips.get(userId) ?? [], now);
}

/** The record summaries of many users in one query; every id asked for has one (empty when it has no slips). */
export async function loadRecordSummaries(q: Q, userIds: readonly string[], now: Date): Promise<Map<string, RecordSummary>> {
  const slips = await recordSlipsOf(q, userIds);
  return new Map(userIds.map((id) => [id, recordSummary(computeRecord(slips.get(id) ?? [], now))]));
}

/** The summaries of every bettor (role usuario) with a settled slip, for the community board. */
export async function loadAllRecordSummaries(q: Q, now: Date): Promise<Map<string, RecordSummary>> {
  const rows = await settledLegs(q)
    .innerJoin('usuarios', 'usuarios.id', 'fichas.usuario_id')
    .where('usuarios.role', '=', 'usuario')
    .execute();
  const slips = group(rows);
  return new Map([...slips].map(([id, list]) => [id, recordSummary(computeRecord(list, now))]));
}
