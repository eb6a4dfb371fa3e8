import type { GroupPlanName } from '../../../contract/schemas/groups.ts';

// Demo content of the social area, so a fresh start shows every screen filled. Times are offsets from the moment of
// seeding.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Extra demo people to fill groups and chats; they sign in with the password of `demo`. */
export const SOCIAL_USERS = [
  { nome: 'Joana Silva', nomeUsuario: 'joana_silva', email: 'joana@fichas.ao', telefone: '923100001' },
  { nome: 'Paulo Manuel', nomeUsuario: 'paulo_manuel', email: 'paulo@fichas.ao', telefone: '923100002' },
  { nome: 'Kiala Tips', nomeUsuario: 'kiala_tips', email: 'kiala@fichas.ao', telefone: '923100003' },
  { nome: 'Nzinga Apostas', nomeUsuario: 'nzinga', email: 'nzinga@fichas.ao', telefone: '923100004' },
  { nome: 'Mateus Golo', nomeUsuario: 'mateus_golo', email: 'mateus@fichas.ao', telefone: '923100005' },
  { nome: 'Ana Kwanza', nomeUsuario: 'ana_kwanza', email: 'ana@fichas.ao', telefone: '923100006' },
] as const;

export const PROFILES: Record<string, { banca: number; trend: 'up' | 'down'; verificado?: boolean; socials?: Record<string, string> }> = {
  demo: { banca: 12_500, trend: 'up', socials: { instagram: '@demo_fichas' } },
  moderador: { banca: 0, trend: 'up' },
  fichasoficial: { banca: 250_000, trend: 'up', verificado: true, socials: { facebook: 'fichas.ao', instagram: '@fichas.ao' } },
  analista: { banca: 84_000, trend: 'up', verificado: true },
  joana_silva: { banca: 8_200, trend: 'down' },
  paulo_manuel: { banca: 15_750, trend: 'up' },
  kiala_tips: { banca: 142_300, trend: 'up', verificado: true, socials: { tiktok: '@kiala_tips' } },
  nzinga: { banca: 36_900, trend: 'down' },
  mateus_golo: { banca: 2_100, trend: 'down' },
  ana_kwanza: { banca: 51_000, trend: 'up' },
};

type Plans = Record<GroupPlanName, number>;

export interface SeedGroup {
  /** Fixed id for the official groups; others get a new id. */
  id?: string;
  nome: string;
  criador: string;
  privado: boolean;
  allowedSenders: 'all' | 'admins';
  planos: Plans;
  /** nomeUsuario -> role and days until expiry (negative: expired; null: no expiry). */
  membros: { user: string; role: 'normal' | 'administrador'; days: number | null }[];
  mensagens: { from: string; text: string; hoursAgo: number }[];
}

const FREE: Plans = { semanal: 0, mensal: 0, anual: 0 };

export const SEED_GROUPS: readonly Omit<SeedGroup, 'id'>[] = [
  {
    nome: 'Girabola Tips',
    criador: 'kiala_tips',
    privado: false,
    allowedSenders: 'all',
    planos: FREE,
    membros: [
      { user: 'demo', role: 'normal', days: null },
      { user: 'joana_silva', role: 'administrador', days: null },
      { user: 'paulo_manuel', role: 'normal', days: null },
      { user: 'mateus_golo', role: 'normal', days: null },
    ],
    mensagens: [
      { from: 'kiala_tips', text: 'Petro de Luanda em casa este fim de semana, vitória quase certa.', hoursAgo: 30 },
      { from: 'paulo_manuel', text: 'O 1º de Agosto também está forte, cuidado com o empate.', hoursAgo: 29 },
      { from: 'joana_silva', text: 'Eu vou no mais de 1.5 golos.', hoursAgo: 5 },
      { from: 'demo', text: 'Boa! Partilho a minha ficha logo.', hoursAgo: 4 },
    ],
  },
  {
    nome: 'Premier League Angola',
    criador: 'demo',
    privado: true,
    allowedSenders: 'all',
    planos: { semanal: 500, mensal: 1_500, anual: 15_000 },
    membros: [
      { user: 'joana_silva', role: 'administrador', days: 20 },
      { user: 'paulo_manuel', role: 'normal', days: -2 },
      { user: 'mateus_golo', role: 'normal', days: 2 },
    ],
    mensagens: [
      { from: 'demo', text: 'Bem-vindos! Aqui partilho as fichas da Premier League.', hoursAgo: 72 },
      { from: 'joana_silva', text: 'Arsenal para ganhar hoje?', hoursAgo: 3 },
      { from: 'mateus_golo', text: 'Eu prefiro ambas marcam.', hoursAgo: 2 },
    ],
  },
  {
    nome: 'Kiala VIP',
    criador: 'kiala_tips',
    privado: true,
    allowedSenders: 'admins',
    planos: { semanal: 1_000, mensal: 3_000, anual: 30_000 },
    membros: [
      { user: 'demo', role: 'normal', days: 2 },
      { user: 'nzinga', role: 'normal', days: -5 },
      { user: 'ana_kwanza', role: 'administrador', days: 25 },
    ],
    mensagens: [
      { from: 'kiala_tips', text: 'Ficha do dia: 3 selecções, odd total 4.10.', hoursAgo: 6 },
      { from: 'ana_kwanza', text: 'Resultado de ontem: 2 em 3 certas.', hoursAgo: 1 },
    ],
  },
  {
    nome: 'Apostas Seguras',
    criador: 'nzinga',
    privado: true,
    allowedSenders: 'all',
    planos: { semanal: 750, mensal: 2_500, anual: 25_000 },
    membros: [{ user: 'ana_kwanza', role: 'normal', days: 12 }],
    mensagens: [{ from: 'nzinga', text: 'Só odds abaixo de 1.50 aqui.', hoursAgo: 12 }],
  },
  {
    nome: 'Champions Angola',
    criador: 'paulo_manuel',
    privado: false,
    allowedSenders: 'all',
    planos: FREE,
    membros: [{ user: 'joana_silva', role: 'normal', days: null }],
    mensagens: [{ from: 'paulo_manuel', text: 'Quem vai ganhar a Champions este ano?', hoursAgo: 48 }],
  },
];

export const OFFICIAL_GROUPS: readonly Omit<SeedGroup, 'id'>[] = [
  {
    nome: 'Fichas Oficial',
    criador: 'fichasoficial',
    privado: false,
    allowedSenders: 'admins',
    planos: FREE,
    membros: [{ user: 'analista', role: 'administrador', days: null }],
    mensagens: [
      { from: 'fichasoficial', text: 'Bem-vindos ao grupo oficial do Fichas!', hoursAgo: 96 },
      { from: 'analista', text: 'As melhores probabilidades de hoje já estão no Explorar.', hoursAgo: 8 },
    ],
  },
  {
    nome: 'Fichas VIP',
    criador: 'fichasoficial',
    privado: true,
    allowedSenders: 'admins',
    planos: { semanal: 1_000, mensal: 3_800, anual: 35_000 },
    membros: [{ user: 'analista', role: 'administrador', days: null }],
    mensagens: [{ from: 'fichasoficial', text: 'Análises detalhadas dos jogos grandes, todas as semanas.', hoursAgo: 20 }],
  },
];

export interface SeedConversation {
  a: string;
  b: string;
  /** Messages oldest first; `unread` counts the last ones the recipient has not read. */
  mensagens: { from: string; text: string; hoursAgo: number }[];
  unreadForA: number;
  unreadForB: number;
}

export const SEED_CONVERSATIONS: readonly SeedConversation[] = [
  {
    a: 'joana_silva',
    b: 'demo',
    mensagens: [
      { from: 'joana_silva', text: 'Olá! Viste a ficha do Kiala?', hoursAgo: 26 },
      { from: 'demo', text: 'Vi, parece boa. Vou copiar duas selecções.', hoursAgo: 25 },
      { from: 'joana_silva', text: 'O Petro ganhou!', hoursAgo: 2 },
      { from: 'joana_silva', text: 'Já tens a ficha de hoje?', hoursAgo: 1 },
    ],
    unreadForA: 0,
    unreadForB: 2,
  },
  {
    a: 'demo',
    b: 'kiala_tips',
    mensagens: [
      { from: 'demo', text: 'Quanto custa o teu grupo VIP?', hoursAgo: 50 },
      { from: 'kiala_tips', text: '3000 Kz por mês, vale a pena!', hoursAgo: 49 },
    ],
    unreadForA: 0,
    unreadForB: 0,
  },
  {
    a: 'moderador',
    b: 'demo',
    mensagens: [{ from: 'moderador', text: 'Olá, a tua denúncia foi recebida. Estamos a analisar.', hoursAgo: 10 }],
    unreadForA: 0,
    unreadForB: 1,
  },
  {
    a: 'paulo_manuel',
    b: 'joana_silva',
    mensagens: [
      { from: 'paulo_manuel', text: 'Entras no meu grupo da Champions?', hoursAgo: 40 },
      { from: 'joana_silva', text: 'Já entrei!', hoursAgo: 39 },
    ],
    unreadForA: 1,
    unreadForB: 0,
  },
];

/** follower -> followed. */
export const SEED_FOLLOWS: readonly [string, string][] = [
  ['demo', 'kiala_tips'],
  ['demo', 'fichasoficial'],
  ['joana_silva', 'demo'],
  ['paulo_manuel', 'demo'],
  ['joana_silva', 'kiala_tips'],
  ['paulo_manuel', 'kiala_tips'],
  ['nzinga', 'kiala_tips'],
  ['ana_kwanza', 'kiala_tips'],
  ['joana_silva', 'fichasoficial'],
  ['mateus_golo', 'fichasoficial'],
  ['kiala_tips', 'fichasoficial'],
];

export const SEED_REWARDS: readonly {
  from: string;
  to: string;
  valor: number;
  estado: 'pendente' | 'confirmado' | 'concluido' | 'cancelado' | 'rejeitado' | 'reembolsado';
  mensagem: string | null;
  daysAgo: number;
}[] = [
  { from: 'demo', to: 'kiala_tips', valor: 1_000, estado: 'concluido', mensagem: 'Obrigado pela ficha certeira!', daysAgo: 6 },
  { from: 'joana_silva', to: 'demo', valor: 500, estado: 'pendente', mensagem: 'Pela dica do Petro', daysAgo: 1 },
  { from: 'demo', to: 'nzinga', valor: 2_000, estado: 'reembolsado', mensagem: null, daysAgo: 10 },
  { from: 'paulo_manuel', to: 'demo', valor: 1_500, estado: 'confirmado', mensagem: 'Boa análise', daysAgo: 3 },
  { from: 'demo', to: 'joana_silva', valor: 700, estado: 'cancelado', mensagem: null, daysAgo: 8 },
  { from: 'ana_kwanza', to: 'kiala_tips', valor: 3_000, estado: 'rejeitado', mensagem: null, daysAgo: 4 },
];
