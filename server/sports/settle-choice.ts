import type { Score } from './markets.ts';

// How each choice of SPEC §9 ends once a match is over (server/sports/markets.ts prices them).

/** Final numbers a selection is settled on. */
export interface FinalStats {
  goals: Score;
  h1Goals: Score;
  corners: Score;
  h1Corners: Score;
}

export type Outcome = 'won' | 'failed' | 'void';

const overUnder = (choice: string, value: number): Outcome | null => {
  const match = /^(over|under)_(\d+(?:\.\d+)?)$/.exec(choice);
  if (!match) return null;
  const line = Number(match[2]);
  if (value === line) return 'void';
  return (match[1] === 'over') === value > line ? 'won' : 'failed';
};

const result = (choice: string, score: Score): Outcome | null => {
  const winner = score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'draw';
  if (!['home', 'draw', 'away'].includes(choice)) return null;
  return choice === winner ? 'won' : 'failed';
};

const won = (condition: boolean): Outcome => (condition ? 'won' : 'failed');

/** How a choice ends once the match is over; null for a choice that does not exist. */
export function settleChoice(type: string, choice: string, stats: FinalStats): Outcome | null {
  const { goals, h1Goals } = stats;
  const total = goals.home + goals.away;
  const h2: Score = { home: goals.home - h1Goals.home, away: goals.away - h1Goals.away };
  const corners = stats.corners.home + stats.corners.away;
  switch (type) {
    case 'ft_result':
      return result(choice, goals);
    case 'ht_result':
      return result(choice, h1Goals);
    case '2h_result':
      return result(choice, h2);
    case 'double_chance':
      if (choice === '1X') return won(goals.home >= goals.away);
      if (choice === '12') return won(goals.home !== goals.away);
      if (choice === 'X2') return won(goals.home <= goals.away);
      return null;
    case 'draw_no_bet':
      if (choice !== 'home' && choice !== 'away') return null;
      return goals.home === goals.away ? 'void' : result(choice, goals);
    case 'btts':
      if (choice === 'yes') return won(goals.home > 0 && goals.away > 0);
      if (choice === 'no') return won(goals.home === 0 || goals.away === 0);
      return null;
    case 'goals':
      return overUnder(choice, total);
    case 'home_goals':
      return overUnder(choice, goals.home);
    case 'away_goals':
      return overUnder(choice, goals.away);
    case 'exact_goals':
      if (choice === '6+') return won(total >= 6);
      if (!/^[0-5]$/.test(choice)) return null;
      return won(total === Number(choice));
    case '1h_goals':
      return overUnder(choice, h1Goals.home + h1Goals.away);
    case '2h_goals':
      return overUnder(choice, h2.home + h2.away);
    case 'corners':
    case 'asian_corners':
      return overUnder(choice, corners);
    case '1h_corners':
      return overUnder(choice, stats.h1Corners.home + stats.h1Corners.away);
    default:
      return null;
  }
}
