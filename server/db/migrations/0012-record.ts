import { sql, type Kysely, type Migration } from 'kysely';

// The verified record (docs/api/betting.md "The record"). A slip keeps when it was published (`fichas.publicada_em`:
// from then on its selections, odds and stake are locked; today slips are published at creation, so existing rows take
// created_at). Each leg keeps what it needs to be shown without its event (teams, competition and kick-off as they were
// when the slip was made), so a slip whose event left the feed still lists that leg, marked 'SR' (sem resultado);
// filled at creation, backfilled here from eventos.
export const record: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('fichas').addColumn('publicada_em', 'text').execute();
    // Every slip so far was published at creation, hidden ones too: hiding never takes a slip out of the record.
    await sql`update fichas set publicada_em = created_at`.execute(db);

    for (const column of ['casa_id', 'casa_nome', 'fora_id', 'fora_nome', 'competicao_id', 'competicao_nome', 'inicio']) {
      await db.schema.alterTable('ficha_selecoes').addColumn(column, 'text').execute();
    }
    await sql`
      update ficha_selecoes set
        casa_id = (select e.home_id from eventos e where e.id = ficha_selecoes.evento_id),
        casa_nome = (select e.home_name from eventos e where e.id = ficha_selecoes.evento_id),
        fora_id = (select e.away_id from eventos e where e.id = ficha_selecoes.evento_id),
        fora_nome = (select e.away_name from eventos e where e.id = ficha_selecoes.evento_id),
        competicao_id = (select e.competition_id from eventos e where e.id = ficha_selecoes.evento_id),
        competicao_nome = (
          select c.nome from eventos e join competicoes c on c.id = e.competition_id where e.id = ficha_selecoes.evento_id
        ),
        inicio = (select e.date from eventos e where e.id = ficha_selecoes.evento_id)
    `.execute(db);
    // The record reads every settled slip of a user.
    await db.schema.createIndex('fichas_usuario_estado_idx').on('fichas').columns(['usuario_id', 'estado']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('fichas_usuario_estado_idx').ifExists().execute();
    for (const column of ['inicio', 'competicao_nome', 'competicao_id', 'fora_nome', 'fora_id', 'casa_nome', 'casa_id']) {
      await db.schema.alterTable('ficha_selecoes').dropColumn(column).execute();
    }
    await db.schema.alterTable('fichas').dropColumn('publicada_em').execute();
  },
};
