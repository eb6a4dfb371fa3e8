import type { Kysely, Transaction } from 'kysely';
import type { ReportAction, ReportState, ReportTarget } from '../../../contract/schemas/reports.ts';
import type { Database } from '../../db/schema.ts';

// The tables of migration 0011-reports, typed here (not in server/db/schema.ts) and joined to the database's type
// with Kysely's withTables where the reports code reads them.

export type DenunciasTable = {
  id: string;
  denunciante_id: string;
  tipo: ReportTarget;
  alvo_id: string;
  motivo: string;
  estado: ReportState;
  accao: ReportAction | null;
  suspenso_ate: string | null;
  denunciado_id: string | null;
  conteudo: string;
  chat_tipo: 'conversa' | 'grupo' | 'sala' | null;
  chat_id: string | null;
  moderador_id: string | null;
  created_at: string;
  updated_at: string;
};

export type SuspensoesTable = {
  usuario_id: string;
  ate: string;
  denuncia_id: string | null;
  created_at: string;
};

export type ReportTables = {
  denuncias: DenunciasTable;
  suspensoes: SuspensoesTable;
};

export function withReports(db: Kysely<Database>) {
  return db.withTables<ReportTables>();
}

export function trxWithReports(trx: Transaction<Database>) {
  return trx.withTables<ReportTables>();
}

export type ReportDb = ReturnType<typeof withReports>;
