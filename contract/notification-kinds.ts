// What a notification is about and the screen it opens, without zod (contract/schemas/notification-data.ts holds
// the schemas and re-exports these): the service worker and the app's start-up code read them.

/**
 * Notification kinds (`tipo`). The first seven are the original app's; the rest tell of slip events and later
 * additions.
 */
export const NOTIFICATION_TIPO = {
  follower: 'novoSeguidor',
  comment: 'comentario',
  groupAdded: 'grupoAdicionado',
  /**
   * Someone whose add the user's setting did not allow invited them to a group (added with
   * contract/group-add-policy.ts).
   */
  groupInvitation: 'grupoConvite',
  groupSubscription: 'grupoSubscricao',
  groupSubscriber: 'grupoSubscritor',
  groupRefused: 'grupoSubscricaoRecusada',
  licence: 'licenca',
  /** A slip of the user settled: won, lost or void, with its return. */
  slipSettled: 'ficha',
  /** One leg of an open slip of the user settled. */
  legSettled: 'fichaSelecao',
  /** The match of one leg of an open slip of the user kicked off. */
  legStarted: 'fichaJogo',
  reward: 'recompensa',
  /** A reward the user sent was not paid (cancelled or rejected): the money went back. */
  rewardRefunded: 'recompensaReembolsada',
  /** A gateway reported a payment of the user that could not be applied as it came (another amount): a person looks. */
  paymentReview: 'pagamentoRevisao',
} as const;

interface Linkable {
  tipo: string;
  recurso?: { tipo: string; id: string } | null;
  pagamentoId?: string | null;
  sender?: { nomeUsuario: string } | null;
}

/**
 * The screen a notification opens (SPEC §2 routes): its slip, its group, the follower's profile, the licence page or
 * the reward; null when it concerns nothing with a page of its own.
 */
export function notificationLink(n: Linkable): string | null {
  const id = n.recurso ? encodeURIComponent(n.recurso.id) : '';
  if (n.recurso?.tipo === 'ficha') return `/dashboard/fichas/${id}`;
  if (n.recurso?.tipo === 'grupo') return `/dashboard/comunidade/grupos/${id}`;
  if (n.tipo === NOTIFICATION_TIPO.licence) return '/dashboard/licenca';
  if (n.tipo === NOTIFICATION_TIPO.reward && n.pagamentoId) return `/dashboard/recompensas/recebidas/${encodeURIComponent(n.pagamentoId)}`;
  if (n.tipo === NOTIFICATION_TIPO.rewardRefunded && n.pagamentoId) {
    return `/dashboard/recompensas/reembolsados/${encodeURIComponent(n.pagamentoId)}`;
  }
  if (n.tipo.startsWith('grupo')) return '/dashboard/comunidade/grupos';
  if (n.sender) return `/${encodeURIComponent(n.sender.nomeUsuario)}`;
  return null;
}
