import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ANGOLA_TIME_ZONE } from '../../../contract/angola-time.ts';
import type { Reward } from '../../../contract/schemas/rewards.ts';

/** The words of each reward state (docs/api/social.md "Rewards"). */
export const REWARD_STATE_LABEL: Record<Reward['estado'], MessageDescriptor> = {
  pendente: msg`Pendente`,
  confirmado: msg`Confirmado`,
  concluido: msg`Concluído`,
  cancelado: msg`Cancelado`,
  rejeitado: msg`Rejeitado`,
  reembolsado: msg`Reembolsado`,
};

/** The colour family of a state: waiting, paid, or given back. */
export function rewardStateTone(estado: Reward['estado']): 'wait' | 'ok' | 'back' {
  if (estado === 'pendente') return 'wait';
  if (estado === 'confirmado' || estado === 'concluido') return 'ok';
  return 'back';
}

/** Where a reward's page is, for the one who looks at it: the received or the refunded page; null when it has none. */
export function rewardHref(reward: Reward, selfId: string | null): string | null {
  const id = encodeURIComponent(reward.pagamentoId);
  if (reward.destinatario.id === selfId && (reward.estado === 'confirmado' || reward.estado === 'concluido')) return `/dashboard/recompensas/recebidas/${id}`;
  if (reward.remetente.id === selfId && ['cancelado', 'rejeitado', 'reembolsado'].includes(reward.estado)) return `/dashboard/recompensas/reembolsados/${id}`;
  return null;
}

/** A date and time in Angola's time (the product's clock), in the page's language. */
export function rewardTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: ANGOLA_TIME_ZONE }).format(date);
}
