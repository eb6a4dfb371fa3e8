import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SessionUser } from '../../../contract/schemas/auth.ts';
import type { CounterName } from '../../../contract/schemas/signals.ts';

export type MenuIcon = 'explore' | 'subscription' | 'slips' | 'community' | 'notifications' | 'rewards' | 'settings';

export interface MenuItem {
  id: MenuIcon;
  label: MessageDescriptor;
  href: string;
  /** Paths under this prefix mark the entry as current. */
  section: string;
}

/** The left menu of SPEC §2 with its role and host rules. */
export function menuItems(user: SessionUser, options: { rewardsVisible: boolean }): MenuItem[] {
  const ordinary = user.role === 'usuario';
  const moderator = user.role === 'moderador';
  const items: (MenuItem | false)[] = [
    { id: 'explore', label: msg`Explorar`, href: '/explorar', section: '/explorar' },
    ordinary && { id: 'subscription', label: msg`Subscrição`, href: '/dashboard/licenca', section: '/dashboard/licenca' },
    ordinary && { id: 'slips', label: msg`Fichas`, href: '/dashboard/fichas', section: '/dashboard/fichas' },
    ordinary && {
      id: 'community',
      label: msg`Comunidade`,
      href: '/dashboard/comunidade/conversas',
      section: '/dashboard/comunidade',
    },
    // The moderator's own route set (SPEC §2, §6): its reports and its support conversations.
    moderator && { id: 'community', label: msg`Conversas`, href: '/moderador/conversas', section: '/moderador/conversas' },
    moderator
      ? { id: 'notifications', label: msg`Notificações`, href: '/moderador/notifications', section: '/moderador/notifications' }
      : { id: 'notifications', label: msg`Notificações`, href: '/dashboard/notifications', section: '/dashboard/notifications' },
    options.rewardsVisible && {
      id: 'rewards',
      label: msg`Recompensas`,
      href: '/dashboard/recompensas/enviadas',
      section: '/dashboard/recompensas',
    },
    { id: 'settings', label: msg`Definições`, href: '/dashboard/conta', section: '/dashboard/conta' },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}

// SPEC §2: the bottom menu is hidden on the five conversation, group and room routes.
const CHAT_ROUTES = [
  /^\/dashboard\/comunidade\/grupos\/(?!criargrupo$)[^/]+$/,
  /^\/dashboard\/comunidade\/conversas\/[^/]+$/,
  /^\/dashboard\/comunidade\/salas\/[^/]+$/,
  /^\/moderador\/conversas\/[^/]+$/,
  /^\/moderador\/grupos\/[^/]+$/,
];

/** The unread counters each entry shows and clears (SPEC §4: reset about 2 s after the entry is clicked). */
export const MENU_COUNTERS: Record<MenuIcon, CounterName[]> = {
  explore: [],
  subscription: ['newLicenceNotification', 'newPaymentMade'],
  slips: ['newFichaUpdate'],
  community: ['newMessage', 'newGroupMessage', 'newGroupSubscription', 'newGroupSubscriber'],
  notifications: ['newNotification', 'newReportMade', 'newReportAgainst'],
  rewards: ['newPaymentReceived', 'newWalletEvent'],
  settings: [],
};

export function isChatRoute(path: string): boolean {
  return CHAT_ROUTES.some((pattern) => pattern.test(path));
}
