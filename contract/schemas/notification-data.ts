import { z } from 'zod';

// What a notification is about, shared by the server (which writes it), the live signal and push (which carry
// it), the service worker (which stores it and opens its screen) and the app (which words it in its language).

/** Notification kinds (`tipo`). The first seven existed before issue 14; the rest tell of slip events. */
export const NOTIFICATION_TIPO = {
  follower: 'novoSeguidor',
  comment: 'comentario',
  groupAdded: 'grupoAdicionado',
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
} as const;

export const OutcomeSchema = z.enum(['won', 'failed', 'void']);

/** The licence change a `licenca` notification tells of. */
export const LicenceChangeSchema = z.enum(['expirada', 'renovada', 'aprovada', 'recusada', 'bloqueada', 'desbloqueada']);
export type LicenceChange = z.infer<typeof LicenceChangeSchema>;

/**
 * The facts of a notification (all optional; unknown fields kept, so an older app reads a newer server's). A
 * notification without them is worded by its `mensagem`.
 */
export const NotificationDataSchema = z
  .object({
    /** The leg's number in its slip, from 1. */
    posicao: z.number().int().positive(),
    /** The leg's or the slip's result. */
    estado: OutcomeSchema,
    /** A settled slip's return in Kz (0 when lost; the stake when void). */
    retorno: z.number().nonnegative(),
    eventoId: z.string().max(100),
    casa: z.string().max(100),
    fora: z.string().max(100),
    golosCasa: z.number().int().nonnegative().nullable(),
    golosFora: z.number().int().nonnegative().nullable(),
    licenca: LicenceChangeSchema,
  })
  .partial()
  .loose();
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const NotificationRecursoSchema = z.object({ tipo: z.string(), id: z.string() });

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
  if (n.tipo.startsWith('grupo')) return '/dashboard/comunidade/grupos';
  if (n.sender) return `/${encodeURIComponent(n.sender.nomeUsuario)}`;
  return null;
}
