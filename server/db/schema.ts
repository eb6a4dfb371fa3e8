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
  /** An image data URL; null when the user has no photo. */
  fotografia: string | null;
  password_hash: string;
  role: Role;
  conta: Conta | null;
  referrer_id: string | null;
  created_at: string;
  /** Sessions signed in before this instant are void (password change, sign out everywhere); migration 0006. */
  sessoes_desde: string | null;
  /** When the user confirmed the address through the verification mail; null while unverified. */
  email_verificado_em: string | null;
}

export interface LicencasTable {
  id: string;
  usuario_id: string;
  estado: LicencaEstado;
  /** experimental (the sign-up trial), mensal, trimestral, anual. */
  tipo: string;
  expira_em: string;
  created_at: string;
  /** JSON list of payment-proof image data URLs (migration 0004-betting); null when none was sent. */
  comprovativo: string | null;
  /** When the activation request was sent; null when none is waiting. */
  solicitacao: string | null;
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
  /** Method, normalised path and body hash of the first use; null on keys stored before migration 0006. */
  fingerprint: string | null;
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
  /** Place in its list (migration 0008-ordering, server/db/list-place.ts): lists are ordered by it. */
  seq: number;
  /** What event it tells of, unique per user (migration 0009): the same event is never told twice. */
  chave?: string | null;
  /** JSON of its facts (NotificationDataSchema), from which the app words it. */
  dados?: string | null;
}

export interface ContadoresTable {
  usuario_id: string;
  /** One of contract COUNTER_NAMES. */
  nome: string;
  count: number;
}

// Social area (migration 0005-social): conversations, groups, rooms, messages, follows, profiles, rewards.
export interface PerfisTable {
  usuario_id: string;
  banca_amount: number;
  banca_trend: 'up' | 'down';
  /** JSON object of social links (name -> URL or handle). */
  socials: string;
  nif_verificado: number;
  telefone_verificado: number;
  /** Bumped when the photo changes, so its URL changes and caches refetch it. */
  foto_versao: number;
}

export interface ConversasTable {
  id: string;
  primeiro_usuario_id: string;
  segundo_usuario_id: string;
  par: string;
  primeiro_nao_lidas: number;
  segundo_nao_lidas: number;
  last_sender_id: string | null;
  last_message: string | null;
  last_message_at: string | null;
  created_at: string;
}

export interface GruposTable {
  id: string;
  nome: string;
  /** An image data URL, served at /api/client/common/grupos/{id}/imagem. */
  imagem: string | null;
  privado: number;
  allowed_senders: 'all' | 'admins';
  /** JSON [{extensao, valor}] in the order semanal, mensal, anual. */
  planos: string;
  criador_id: string;
  last_sender_id: string | null;
  last_message: string | null;
  last_message_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GrupoMembrosTable {
  grupo_id: string;
  usuario_id: string;
  role: 'normal' | 'administrador';
  expira_em: string | null;
  created_at: string;
}

export interface SalasTable {
  id: string;
  evento_id: string;
  nome: string;
  last_sender_id: string | null;
  last_message: string | null;
  last_message_at: string | null;
  created_at: string;
}

export interface MensagensTable {
  id: string;
  chat_tipo: 'conversa' | 'grupo' | 'sala';
  chat_id: string;
  sender_id: string;
  mensagem: string;
  recurso_tipo: string | null;
  recurso_id: string | null;
  created_at: string;
  /** Place in its list (migration 0008-ordering, server/db/list-place.ts): lists are ordered by it. */
  seq: number;
}

export interface ImagensTable {
  id: string;
  mensagem_id: string;
  ordem: number;
  mime: string;
  /** base64 of the image bytes. */
  dados: string;
  created_at: string;
}

export interface SeguidoresTable {
  seguidor_id: string;
  seguido_id: string;
  created_at: string;
  /** Place in its list (migration 0008-ordering, server/db/list-place.ts): lists are ordered by it. */
  seq: number;
}

/** Who may add the user to a group (migration 0014); no row: the default, 'seguidos'. */
export interface PrivacidadeTable {
  usuario_id: string;
  adicionar_grupos: 'todos' | 'seguidos' | 'ninguem';
}

/** An invitation to a group for a user whose setting did not let the inviter add them (migration 0014). */
export interface GrupoConvitesTable {
  grupo_id: string;
  usuario_id: string;
  convidado_por: string;
  created_at: string;
}

export interface VerificacoesTelefoneTable {
  id: string;
  usuario_id: string;
  numero: string;
  token: string;
  tentativas: number;
  usado: number;
  expira_em: string;
  created_at: string;
}

export interface RecompensasTable {
  id: string;
  pagamento_id: string;
  remetente_id: string;
  destinatario_id: string;
  valor: number;
  estado: 'pendente' | 'confirmado' | 'concluido' | 'cancelado' | 'rejeitado' | 'reembolsado';
  mensagem: string | null;
  ficha_id: string | null;
  created_at: string;
  /** Place in its list (migration 0008-ordering, server/db/list-place.ts): lists are ordered by it. */
  seq: number;
  updated_at: string;
}

export interface EventosExternosTable {
  evento_id: string;
  sport_radar_event_id: string;
  sport_radar_season_id: string;
  actualizado_por: string | null;
  updated_at: string;
}

// Betting area (migration 0004-betting): match model and live state, markets, slips, licence codes, payments.
export type BetStatus = 'pending' | 'blocked' | 'failed' | 'won' | 'void';
export type SlipState = 'pending' | 'won' | 'failed' | 'void';

export interface EventoModelosTable {
  evento_id: string;
  lambda_home: number;
  lambda_away: number;
  corners_home: number;
  corners_away: number;
  ajuste: number;
  clock: number | null;
  stoppage_1: number;
  stoppage_2: number;
  abandon_at: number | null;
  h1_home_goals: number;
  h1_away_goals: number;
  home_corners: number;
  away_corners: number;
  h1_home_corners: number;
  h1_away_corners: number;
  ticked_at: string;
}

export interface MercadosTable {
  evento_id: string;
  tipo: string;
  escolha: string;
  ordem: number;
  /** Decimal odds in hundredths (2.35 -> 235). */
  odds: number;
  /** Probability in basis points (54.3% -> 5430). */
  probabilidade: number;
  odds_trend: 'up' | 'down';
  probabilidade_trend: 'up' | 'down';
  updated_at: string;
}

export interface FichasTable {
  id: string;
  usuario_id: string;
  valor: number;
  estado: SlipState;
  oculta: number;
  odds_change: number;
  created_at: string;
  /** Place in its list (migration 0008-ordering, server/db/list-place.ts): lists are ordered by it. */
  seq: number;
  settled_at: string | null;
  updated_at: string;
  /**
   * When the slip was published (migration 0012-record): its selections, odds and stake are locked from then on, and
   * only from then may it count in its author's record. Slips are published at creation. Null: never published.
   */
  publicada_em: string | null;
  /** Its author's note (migration 0023-slip-notes): an imported tip's booking code. Null: none. */
  nota: string | null;
}

export interface FichaSelecoesTable {
  ficha_id: string;
  posicao: number;
  evento_id: string;
  tipo: string;
  escolha: string;
  odds: number;
  probabilidade: number;
  odds_trend: 'up' | 'down';
  probabilidade_trend: 'up' | 'down';
  bet_status: BetStatus;
  has_warning: number;
  /**
   * The leg's event as it was when the slip was made (migration 0012-record), so the leg is still shown if its event
   * leaves the feed: then it shows with event_status 'SR' (sem resultado, no result from the feed) and its bet_status
   * as stored; such a leg never counts as a win or a loss. Null only on rows whose event was already gone.
   */
  casa_id: string | null;
  casa_nome: string | null;
  fora_id: string | null;
  fora_nome: string | null;
  competicao_id: string | null;
  competicao_nome: string | null;
  /** Kick-off (ISO). */
  inicio: string | null;
}

export interface FichasGuardadasTable {
  usuario_id: string;
  ficha_id: string;
  created_at: string;
  /** Place in its list (migration 0008-ordering, server/db/list-place.ts): lists are ordered by it. */
  seq: number;
}

export interface FichaComentariosTable {
  id: string;
  ficha_id: string;
  usuario_id: string;
  texto: string;
  created_at: string;
  /** Place in its list (migration 0008-ordering, server/db/list-place.ts): lists are ordered by it. */
  seq: number;
}

export interface CodigosLicencaTable {
  codigo: string;
  plano: string;
  usado_por: string | null;
  usado_em: string | null;
  created_at: string;
}

export interface PagamentosTable {
  id: string;
  usuario_id: string;
  finalidade: string;
  /** JSON object the purpose needs on confirmation (plan, group id, …). */
  detalhes: string;
  descricao: string;
  valor: number;
  estado: 'pendente' | 'concluido' | 'cancelado';
  created_at: string;
  updated_at: string;
  /** The gateway that took it ('emis-simulado', 'emis-gpo', 'proxypay'); migration 0021. */
  gateway: string;
  /** The reference we gave the gateway (EMIS GPO's `reference`). */
  referencia: string | null;
  /** The id the gateway gave back (EMIS GPO's frame token). */
  gateway_id: string | null;
  /** SHA-256 of the secret the gateway's callback path carries. */
  segredo_hash: string | null;
  /** A Multicaixa reference's entity (ProxyPay); migration 0022. */
  entidade: string | null;
  /** When a Multicaixa reference stops being payable (ISO); a pending payment past it is cancelled as 'expirado'. */
  expira_em: string | null;
  /** Why a cancelled payment ended, when not by the payer or the gateway: 'expirado' (shown as the state). */
  fim: string | null;
}

/** A gateway outcome that did not match what was asked (kept for a person to look at; migration 0021). */
export interface PagamentosAvisosTable {
  id: string;
  pagamento_id: string | null;
  gateway: string;
  motivo: string;
  corpo: string;
  created_at: string;
}

/** A browser push subscription registered through the Beams-compatible device API (server/push). */
export interface PushDispositivosTable {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  usuario_id: string | null;
  /** JSON array of Beams interest names. */
  interesses: string;
  sdk_version: string | null;
  created_at: string;
  updated_at: string;
  /** The session the device was bound under (migration 0013); null while unbound. */
  sessao_id: string | null;
  /** That session's sign-in time (ISO); ended with it when usuarios.sessoes_desde passes it. */
  sessao_inicio: string | null;
}

/** Sessions ended one by one (sign-out), by the session token's own id. */
export interface SessoesTerminadasTable {
  sid: string;
  usuario_id: string;
  expira_em: string;
}

/** Single-use links sent by mail; only the SHA-256 of the token is kept. */
export interface TokensContaTable {
  token_hash: string;
  usuario_id: string;
  finalidade: 'email' | 'password';
  email: string | null;
  expira_em: string;
  usado_em: string | null;
  created_at: string;
}

/** The rate limits' counters (server/security/rate-limit-store.ts), shared by every server process on the database. */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** Milliseconds since the epoch (bigint: PostgreSQL hands it back as a string). */
  expire: number | string | null;
}

/** Facts about the database itself (e.g. `demo` = '1' when it was started as the demo). */
export interface ServidorMetaTable {
  chave: string;
  valor: string;
  updated_at: string;
}

/** Who runs each background job (server/jobs): held while the holder's heartbeat keeps `expires_at` ahead. */
export interface JobLeasesTable {
  job: string;
  holder: string;
  expires_at: string;
  acquired_at: string;
  heartbeat_at: string;
}

/** One counter per ordered list (server/db/list-place.ts): the last place given and the last row's time. */
export interface SequenciasTable {
  nome: string;
  valor: number;
  /** Milliseconds since the epoch (bigint: PostgreSQL hands it back as a string). */
  ultimo_ms: number | string;
}

/** A provider fixture the football feed follows (server/sports/api-football), and its event once it has prices. */
export interface FeedJogosTable {
  fixture_id: number;
  evento_id: string | null;
  liga_id: number;
  inicio: string;
  /** The provider's short status (NS, 1H, FT, PST…) and its words for it. */
  estado: string;
  estado_texto: string;
  dados: string;
  /** Where the event's prices last came from: 'prematch' or 'live'. */
  precos: string | null;
  precos_em: string | null;
  liquidado_em: string | null;
  visto_em: string;
}

/** The football feed's bookkeeping: JSON values by key (the leagues' seasons, the plan used today, last reads). */
export interface FeedEstadoTable {
  chave: string;
  valor: string;
  updated_at: string;
}

export interface Database {
  usuarios: UsuariosTable;
  licencas: LicencasTable;
  competicoes: CompeticoesTable;
  eventos: EventosTable;
  idempotency: IdempotencyTable;
  notificacoes: NotificacoesTable;
  contadores: ContadoresTable;
  perfis: PerfisTable;
  conversas: ConversasTable;
  grupos: GruposTable;
  grupo_membros: GrupoMembrosTable;
  salas: SalasTable;
  mensagens: MensagensTable;
  imagens: ImagensTable;
  seguidores: SeguidoresTable;
  privacidade: PrivacidadeTable;
  grupo_convites: GrupoConvitesTable;
  verificacoes_telefone: VerificacoesTelefoneTable;
  recompensas: RecompensasTable;
  eventos_externos: EventosExternosTable;
  evento_modelos: EventoModelosTable;
  mercados: MercadosTable;
  fichas: FichasTable;
  ficha_selecoes: FichaSelecoesTable;
  fichas_guardadas: FichasGuardadasTable;
  ficha_comentarios: FichaComentariosTable;
  codigos_licenca: CodigosLicencaTable;
  pagamentos: PagamentosTable;
  pagamentos_avisos: PagamentosAvisosTable;
  push_dispositivos: PushDispositivosTable;
  sessoes_terminadas: SessoesTerminadasTable;
  tokens_conta: TokensContaTable;
  rate_limits: RateLimitsTable;
  servidor_meta: ServidorMetaTable;
  job_leases: JobLeasesTable;
  feed_jogos: FeedJogosTable;
  feed_estado: FeedEstadoTable;
  sequencias: SequenciasTable;
}
