import { MSG } from '../../contract/messages.ts';
import { calendarDay } from '../../contract/calendar-day.ts';
import type { LicenceChange } from '../../contract/schemas/notification-data.ts';
import type { SlipOutcome } from '../../contract/slip-math.ts';

// The Portuguese texts of the notifications about slips and licences (stored as `mensagem`, shown by push and by
// apps that do not word them from `dados` themselves). Kz as SPEC §9 writes it: no decimals, points between
// thousands (12.500 Kz).

export function kz(amount: number): string {
  const rounded = Math.round(amount);
  return `${String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} Kz`;
}

type Outcome = Exclude<SlipOutcome, 'pending'>;

/** 'A tua ficha ganhou: retorno 12.500 Kz'; a lost slip says so alone, a void one gives the stake back. */
export function slipSettledText(estado: Outcome, retorno: number): string {
  if (estado === 'won') return `${MSG.slipWon}: retorno ${kz(retorno)}`;
  if (estado === 'void') return `${MSG.slipVoid}: retorno ${kz(retorno)}`;
  return MSG.slipLost;
}

export interface MatchFacts {
  casa: string;
  fora: string;
  golosCasa: number | null;
  golosFora: number | null;
}

/** 'Petro de Luanda 2–0 1º de Agosto' (an en dash between the goals); 'Petro de Luanda vs 1º de Agosto' without a score. */
export function scoreLine(match: MatchFacts): string {
  if (match.golosCasa === null || match.golosFora === null) return `${match.casa} vs ${match.fora}`;
  return `${match.casa} ${match.golosCasa}–${match.golosFora} ${match.fora}`;
}

const LEG_VERB: Record<Outcome, string> = { won: 'ganhou', failed: 'perdeu', void: 'foi anulada' };

/** 'A selecção 3 da tua ficha ganhou: Petro de Luanda 2–0 1º de Agosto' (posicao from 1). */
export function legSettledText(posicao: number, estado: Outcome, match: MatchFacts): string {
  return `A selecção ${posicao} da tua ficha ${LEG_VERB[estado]}: ${scoreLine(match)}`;
}

/** 'Começou o jogo da selecção 2 da tua ficha: Petro de Luanda vs 1º de Agosto'. */
export function legStartedText(posicao: number, match: Pick<MatchFacts, 'casa' | 'fora'>): string {
  return `Começou o jogo da selecção ${posicao} da tua ficha: ${match.casa} vs ${match.fora}`;
}

export const LICENCE_TEXT: Record<LicenceChange, string> = {
  expirada: 'A tua subscrição expirou',
  renovada: MSG.licenceRenewed,
  aprovada: MSG.licenceApproved,
  recusada: MSG.licenceRejected,
  bloqueada: MSG.licenceBlocked,
  desbloqueada: MSG.licenceUnblocked,
};

// Group subscriptions. A date is written for the reader (contract/calendar-day.ts), never as an ISO day.

/** 'A tua subscrição do grupo Kiala VIP está activa até 9 de dezembro de 2026'. */
export function groupActiveText(grupo: string, ate: string): string {
  return `A tua subscrição do grupo ${grupo} está activa até ${calendarDay(ate, 'pt')}`;
}

/** 'A tua subscrição do grupo Kiala VIP termina em 2 dias' ('termina hoje', 'termina amanhã'). */
export function groupEndingText(grupo: string, dias: number): string {
  if (dias <= 0) return `A tua subscrição do grupo ${grupo} termina hoje`;
  if (dias === 1) return `A tua subscrição do grupo ${grupo} termina amanhã`;
  return `A tua subscrição do grupo ${grupo} termina em ${dias} dias`;
}

/** 'Joana Silva subscreveu o grupo Kiala VIP'. */
export function groupSubscriberText(nome: string, grupo: string): string {
  return `${nome} subscreveu o grupo ${grupo}`;
}

/** A paid plan refused because the group filled up meanwhile. */
export function groupRefusedText(grupo: string, limite: number): string {
  return `O pagamento da subscrição do grupo ${grupo} foi cancelado: o grupo já tem o limite de ${limite} usuarios`;
}

export function groupAddedText(grupo: string): string {
  return `Foste adicionado ao grupo ${grupo}`;
}
