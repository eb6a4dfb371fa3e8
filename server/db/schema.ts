// Row types of every table, as kysely sees them. Columns are portable between SQLite and PostgreSQL: ids are text
// UUIDs made in app code, timestamps ISO-8601 text in UTC (sorts like time), JSON as text.
export type Role = 'usuario' | 'moderador';
export type Conta = 'oficial' | 'privilegiada';
export type LicencaEstado = 'pendente' | 'habilitada' | 'expirada' | 'bloqueada';

export interface UsuariosTable {
  id: string;
  nome: string;
  nome_usuario: string;
  email: string;
  telefone: string | null;
  /** An image data URL (issue 2); null when the user has no photo. */
  fotografia: string | null;
  password_hash: string;
  role: Role;
  conta: Conta | null;
  referrer_id: string | null;
  created_at: string;
}

export interface LicencasTable {
  id: string;
  usuario_id: string;
  estado: LicencaEstado;
  /** experimental (the sign-up trial), mensal, trimestral, anual. */
  tipo: string;
  expira_em: string;
  created_at: string;
}

export interface CompeticoesTable {
  id: string;
  nome: string;
  pais: string;
}

export interface EventosTable {
  id: string;
  date: string;
  status: string;
  competition_id: string;
  home_id: string;
  home_name: string;
  home_position: number | null;
  away_id: string;
  away_name: string;
  away_position: number | null;
  home_goals: number | null;
  away_goals: number | null;
  elapsed: number | null;
  /** JSON {home, draw, away} decimal odds. */
  odds: string;
  odds_live: string | null;
  /** JSON {home, draw, away} in percent. */
  probability: string;
  updated_at: string;
}

/** DESIGN §4: (user, Idempotency-Key) -> the stored response, written in the effect's transaction. */
export interface IdempotencyTable {
  user_id: string;
  key: string;
  status: number;
  body: string;
  created_at: string;
}

export interface NotificacoesTable {
  id: string;
  usuario_id: string;
  tipo: string;
  mensagem: string;
  sender_id: string | null;
  pagamento_id: string | null;
  /** What the notification is about, so a tap can open it (e.g. 'ficha' + id). */
  recurso_tipo: string | null;
  recurso_id: string | null;
  lida: number;
  created_at: string;
}

export interface ContadoresTable {
  usuario_id: string;
  /** One of contract COUNTER_NAMES. */
  nome: string;
  count: number;
}

export interface Database {
  usuarios: UsuariosTable;
  licencas: LicencasTable;
  competicoes: CompeticoesTable;
  eventos: EventosTable;
  idempotency: IdempotencyTable;
  notificacoes: NotificacoesTable;
  contadores: ContadoresTable;
}
