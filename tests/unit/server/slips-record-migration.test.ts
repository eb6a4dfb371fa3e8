import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../server/db/create-db.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { migrations } from '../../../server/db/migrations/index.ts';
import { loadRecord } from '../../../server/slips/record.ts';
import { loadFicha } from '../../../server/slips/slip-view.ts';
import { backends } from './helpers/backends.ts';
import { whileOthersDrop } from './helpers/test-server.ts';

// Migration 0012-record on a database that already has slips: every slip gets its publish time (its creation: every
// slip so far was published when it was made, hidden ones too) and every leg its copy of its event.

const T = Date.parse('2026-03-01T18:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const uuid = (first: string) => `${first.repeat(8)}-0000-4000-8000-000000000000`;

for (const backend of await backends()) {
  describe.runIf(backend.available)(`migration 0012-record fills the slips already there [${backend.name}]`, () => {
    let db: Db;
    let close: () => Promise<void> = async () => {};
    const user = uuid('1');
    const [event, shown, hidden] = [uuid('e'), uuid('a'), uuid('b')];

    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fichas-record-migration-'));
      const schema = backend.name === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: backend.url });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      if (schema) await admin(`create schema ${schema}`);
      ({ db } = createDb(
        { databaseUrl: schema ? (backend.url ?? null) : null, dataDir: dir },
        schema ? { pgSchema: schema } : { sqliteFile: join(dir, 'app.sqlite') },
      ));
      close = async () => {
        await db.destroy();
        if (schema) await admin(`drop schema ${schema} cascade`);
        rmSync(dir, { recursive: true, force: true });
      };
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      await whileOthersDrop(async () => {
        const { error } = await migrator.migrateTo('0011-reports');
        if (error) throw error;
      });

      await sql`insert into usuarios (id, nome, nome_usuario, email, password_hash, role, created_at)
        values (${user}, 'Tipster', 'tipster', 'tipster@example.com', 'x', 'usuario', ${iso(T)})`.execute(db);
      await sql`insert into competicoes (id, nome, pais) values ('girabola', 'Girabola', 'Angola')`.execute(db);
      await sql`insert into eventos (id, date, status, competition_id, home_id, home_name, away_id, away_name, home_goals, away_goals, elapsed, odds, probability, updated_at)
        values (${event}, ${iso(T + 3_600_000)}, 'FT', 'girabola', 'petro', 'Petro de Luanda', 'agosto', '1º de Agosto', 2, 0, 90, '{}', '{}', ${iso(T)})`.execute(db);
      for (const [id, oculta, valor, minutes] of [[shown, 0, 1000, 0], [hidden, 1, 500, 1]] as const) {
        await sql`insert into fichas (id, usuario_id, valor, estado, oculta, odds_change, created_at, seq, settled_at, updated_at)
          values (${id}, ${user}, ${valor}, ${id === shown ? 'won' : 'failed'}, ${oculta}, 0, ${iso(T + minutes * 60_000)}, ${minutes + 1}, ${iso(T + 3 * 3_600_000)}, ${iso(T)})`.execute(db);
        await sql`insert into ficha_selecoes (ficha_id, posicao, evento_id, tipo, escolha, odds, probabilidade, odds_trend, probabilidade_trend, bet_status, has_warning)
          values (${id}, 0, ${event}, 'ft_result', ${id === shown ? 'home' : 'away'}, ${id === shown ? 250 : 400}, 4000, 'up', 'down', ${id === shown ? 'won' : 'failed'}, 0)`.execute(db);
      }
      await whileOthersDrop(() => migrateToLatest(db));
    });
    afterAll(() => close());

    it('gives each slip its creation as its publish time and each leg its copy of the event', async () => {
      const slips = await db.selectFrom('fichas').select(['id', 'created_at', 'publicada_em']).orderBy('seq').execute();
      expect(slips).toEqual([
        { id: shown, created_at: iso(T), publicada_em: iso(T) },
        { id: hidden, created_at: iso(T + 60_000), publicada_em: iso(T + 60_000) },
      ]);
      const legs = await db
        .selectFrom('ficha_selecoes')
        .select(['ficha_id', 'casa_id', 'casa_nome', 'fora_id', 'fora_nome', 'competicao_id', 'competicao_nome', 'inicio'])
        .orderBy('ficha_id')
        .execute();
      for (const leg of legs) {
        expect(leg).toMatchObject({
          casa_id: 'petro',
          casa_nome: 'Petro de Luanda',
          fora_id: 'agosto',
          fora_nome: '1º de Agosto',
          competicao_id: 'girabola',
          competicao_nome: 'Girabola',
          inicio: iso(T + 3_600_000),
        });
      }
    });

    it('counts both in the record, the hidden one too: 1000 Kz at 2.50 won, 500 Kz lost', async () => {
      const record = await loadRecord(db, user, new Date(T + 86_400_000));
      // Stakes 1500, returns 2500: ROI 1000 / 1500 = 0.6667.
      expect(record.total).toMatchObject({ liquidadas: 2, ganhas: 1, perdidas: 1, roi: 0.6667, oddsMedia: 3.25 });
      const ficha = await loadFicha(db, shown, null, new Date(T + 86_400_000));
      expect(ficha?.publicadaEm).toBe(iso(T));
      expect(ficha?.registoAutor).toEqual({ liquidadas: 2, taxaAcerto: 0.5, roi: 0.6667, suficiente: false });
    });
  });
}
