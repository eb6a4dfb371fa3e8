// Real competitions and clubs for the embedded provider. Ratings are a rough strength scale (0-100) that feeds the
// goals model; a club keeps one id across competitions (Benfica in the Primeira Liga and the Champions League).
export interface Team {
  id: string;
  name: string;
  rating: number;
}

export interface Competition {
  id: string;
  name: string;
  country: string;
  /** A league has a table, so its fixtures carry positions; cups do not. */
  kind: 'league' | 'cup';
  teamIds: readonly string[];
  /** UTC weekdays it plays on (0 = Sunday). */
  weekdays: readonly number[];
  /** Typical UTC kick-off times, HH:MM. */
  kickoffs: readonly string[];
}

const t = (id: string, name: string, rating: number): Team => ({ id, name, rating });

const GIRABOLA: readonly Team[] = [
  t('petro-de-luanda', 'Petro de Luanda', 78),
  t('primeiro-de-agosto', '1º de Agosto', 75),
  t('sagrada-esperanca', 'Sagrada Esperança', 70),
  t('interclube', 'Interclube', 66),
  t('wiliete', 'Wiliete de Benguela', 64),
  t('kabuscorp', 'Kabuscorp', 63),
  t('academica-do-lobito', 'Académica do Lobito', 60),
  t('desportivo-da-huila', 'Desportivo da Huíla', 61),
  t('bravos-do-maquis', 'Bravos do Maquis', 62),
  t('sporting-de-cabinda', 'Sporting de Cabinda', 58),
  t('santa-rita-de-cassia', 'Santa Rita de Cássia', 57),
  t('progresso-do-sambizanga', 'Progresso do Sambizanga', 59),
  t('recreativo-do-libolo', 'Recreativo do Libolo', 60),
  t('luanda-city', 'Luanda City', 56),
  t('sao-salvador', 'São Salvador do Congo', 55),
  t('isaac-de-benguela', 'Isaac de Benguela', 56),
];

const PREMIER_LEAGUE: readonly Team[] = [
  t('manchester-city', 'Manchester City', 92),
  t('arsenal', 'Arsenal', 91),
  t('liverpool', 'Liverpool', 91),
  t('chelsea', 'Chelsea', 86),
  t('manchester-united', 'Manchester United', 82),
  t('tottenham', 'Tottenham Hotspur', 82),
  t('newcastle', 'Newcastle United', 83),
  t('aston-villa', 'Aston Villa', 83),
  t('brighton', 'Brighton & Hove Albion', 79),
  t('west-ham', 'West Ham United', 76),
  t('brentford', 'Brentford', 76),
  t('crystal-palace', 'Crystal Palace', 78),
  t('fulham', 'Fulham', 76),
  t('wolves', 'Wolverhampton Wanderers', 73),
  t('everton', 'Everton', 74),
  t('nottingham-forest', 'Nottingham Forest', 78),
  t('bournemouth', 'AFC Bournemouth', 77),
  t('leeds', 'Leeds United', 72),
  t('burnley', 'Burnley', 69),
  t('sunderland', 'Sunderland', 71),
];

const LA_LIGA: readonly Team[] = [
  t('real-madrid', 'Real Madrid', 92),
  t('barcelona', 'FC Barcelona', 92),
  t('atletico-madrid', 'Atlético de Madrid', 87),
  t('athletic-club', 'Athletic Club', 81),
  t('real-sociedad', 'Real Sociedad', 78),
  t('villarreal', 'Villarreal', 81),
  t('real-betis', 'Real Betis', 79),
  t('sevilla', 'Sevilla', 75),
  t('valencia', 'Valencia', 74),
  t('girona', 'Girona', 74),
  t('celta', 'Celta de Vigo', 75),
  t('osasuna', 'Osasuna', 73),
  t('getafe', 'Getafe', 72),
  t('rayo-vallecano', 'Rayo Vallecano', 73),
  t('mallorca', 'Mallorca', 72),
  t('espanyol', 'Espanyol', 73),
  t('alaves', 'Deportivo Alavés', 71),
  t('elche', 'Elche', 70),
  t('levante', 'Levante', 69),
  t('real-oviedo', 'Real Oviedo', 68),
];

const PRIMEIRA_LIGA: readonly Team[] = [
  t('benfica', 'Benfica', 85),
  t('porto', 'FC Porto', 85),
  t('sporting-cp', 'Sporting CP', 86),
  t('braga', 'SC Braga', 79),
  t('vitoria-guimaraes', 'Vitória de Guimarães', 73),
  t('famalicao', 'Famalicão', 71),
  t('gil-vicente', 'Gil Vicente', 70),
  t('moreirense', 'Moreirense', 68),
  t('estoril', 'Estoril Praia', 68),
  t('rio-ave', 'Rio Ave', 67),
  t('arouca', 'Arouca', 67),
  t('casa-pia', 'Casa Pia', 67),
  t('santa-clara', 'Santa Clara', 69),
  t('nacional', 'Nacional', 65),
  t('estrela-amadora', 'Estrela da Amadora', 65),
  t('avs', 'AVS Futebol', 63),
  t('tondela', 'Tondela', 63),
  t('alverca', 'Alverca', 64),
];

const SERIE_A: readonly Team[] = [
  t('inter', 'Inter', 89),
  t('napoli', 'Napoli', 87),
  t('juventus', 'Juventus', 85),
  t('milan', 'AC Milan', 85),
  t('atalanta', 'Atalanta', 84),
  t('roma', 'AS Roma', 82),
  t('lazio', 'Lazio', 80),
  t('bologna', 'Bologna', 80),
  t('fiorentina', 'Fiorentina', 78),
  t('torino', 'Torino', 74),
  t('como', 'Como', 77),
  t('udinese', 'Udinese', 72),
  t('genoa', 'Genoa', 71),
  t('cagliari', 'Cagliari', 70),
  t('lecce', 'Lecce', 68),
  t('parma', 'Parma', 70),
  t('verona', 'Hellas Verona', 68),
  t('sassuolo', 'Sassuolo', 71),
  t('cremonese', 'Cremonese', 68),
  t('pisa', 'Pisa', 67),
];

const BUNDESLIGA: readonly Team[] = [
  t('bayern', 'Bayern München', 92),
  t('dortmund', 'Borussia Dortmund', 85),
  t('leverkusen', 'Bayer Leverkusen', 85),
  t('leipzig', 'RB Leipzig', 83),
  t('stuttgart', 'VfB Stuttgart', 80),
  t('frankfurt', 'Eintracht Frankfurt', 80),
  t('wolfsburg', 'VfL Wolfsburg', 74),
  t('freiburg', 'SC Freiburg', 77),
  t('hoffenheim', 'TSG Hoffenheim', 75),
  t('werder-bremen', 'Werder Bremen', 74),
  t('gladbach', "Borussia M'gladbach", 74),
  t('union-berlin', 'Union Berlin', 73),
  t('mainz', 'Mainz 05', 74),
  t('augsburg', 'FC Augsburg', 72),
  t('koln', '1. FC Köln', 71),
  t('hamburg', 'Hamburger SV', 71),
  t('heidenheim', 'Heidenheim', 69),
  t('st-pauli', 'St. Pauli', 69),
];

// Clubs that only appear on European nights.
const EUROPE_ONLY: readonly Team[] = [
  t('psg', 'Paris Saint-Germain', 91),
  t('marseille', 'Olympique de Marseille', 80),
  t('monaco', 'AS Monaco', 80),
  t('lyon', 'Olympique Lyonnais', 79),
  t('lille', 'Lille', 79),
  t('psv', 'PSV Eindhoven', 80),
  t('feyenoord', 'Feyenoord', 78),
  t('ajax', 'Ajax', 77),
  t('club-brugge', 'Club Brugge', 78),
  t('celtic', 'Celtic', 76),
  t('rangers', 'Rangers', 74),
  t('galatasaray', 'Galatasaray', 79),
  t('fenerbahce', 'Fenerbahçe', 78),
  t('olympiacos', 'Olympiacos', 76),
];

export const TEAMS: readonly Team[] = [
  ...GIRABOLA,
  ...PREMIER_LEAGUE,
  ...LA_LIGA,
  ...PRIMEIRA_LIGA,
  ...SERIE_A,
  ...BUNDESLIGA,
  ...EUROPE_ONLY,
];

const ids = (teams: readonly Team[]) => teams.map((team) => team.id);

export const COMPETITIONS: readonly Competition[] = [
  {
    id: 'girabola',
    name: 'Girabola',
    country: 'Angola',
    kind: 'league',
    teamIds: ids(GIRABOLA),
    weekdays: [0, 3, 5, 6],
    kickoffs: ['13:00', '14:00', '15:00'],
  },
  {
    id: 'premier-league',
    name: 'Premier League',
    country: 'Inglaterra',
    kind: 'league',
    teamIds: ids(PREMIER_LEAGUE),
    weekdays: [0, 1, 6],
    kickoffs: ['11:30', '14:00', '16:30', '19:00'],
  },
  {
    id: 'la-liga',
    name: 'La Liga',
    country: 'Espanha',
    kind: 'league',
    teamIds: ids(LA_LIGA),
    weekdays: [0, 1, 5, 6],
    kickoffs: ['12:00', '14:15', '16:30', '19:00', '20:00'],
  },
  {
    id: 'primeira-liga',
    name: 'Primeira Liga',
    country: 'Portugal',
    kind: 'league',
    teamIds: ids(PRIMEIRA_LIGA),
    weekdays: [0, 1, 5, 6],
    kickoffs: ['15:30', '18:00', '20:30'],
  },
  {
    id: 'serie-a',
    name: 'Serie A',
    country: 'Itália',
    kind: 'league',
    teamIds: ids(SERIE_A),
    weekdays: [0, 1, 6],
    kickoffs: ['11:30', '14:00', '17:00', '19:45'],
  },
  {
    id: 'bundesliga',
    name: 'Bundesliga',
    country: 'Alemanha',
    kind: 'league',
    teamIds: ids(BUNDESLIGA),
    weekdays: [0, 5, 6],
    kickoffs: ['13:30', '16:30', '18:30'],
  },
  {
    id: 'champions-league',
    name: 'UEFA Champions League',
    country: 'Europa',
    kind: 'cup',
    teamIds: [
      'real-madrid', 'barcelona', 'atletico-madrid', 'manchester-city', 'arsenal', 'liverpool', 'chelsea', 'bayern',
      'dortmund', 'leverkusen', 'psg', 'inter', 'napoli', 'juventus', 'benfica', 'sporting-cp', 'psv', 'club-brugge',
      'galatasaray', 'monaco', 'marseille', 'atalanta',
    ],
    weekdays: [2, 3],
    kickoffs: ['16:45', '19:00'],
  },
  {
    id: 'europa-league',
    name: 'UEFA Europa League',
    country: 'Europa',
    kind: 'cup',
    teamIds: [
      'porto', 'braga', 'roma', 'lyon', 'lille', 'aston-villa', 'nottingham-forest', 'real-betis', 'celta', 'feyenoord',
      'celtic', 'rangers', 'fenerbahce', 'olympiacos', 'freiburg', 'stuttgart', 'bologna', 'ajax',
    ],
    weekdays: [4],
    kickoffs: ['16:45', '19:00'],
  },
];

const TEAM_BY_ID = new Map(TEAMS.map((team) => [team.id, team]));

export function teamById(id: string): Team {
  const team = TEAM_BY_ID.get(id);
  if (!team) throw new Error(`Unknown team ${id}`);
  return team;
}
