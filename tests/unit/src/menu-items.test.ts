import { describe, expect, it } from 'vitest';
import { isChatRoute, menuItems } from '../../../src/components/shell/menu-items.ts';

// SPEC §2 left menu and §6 roles: Subscrição, Fichas and Comunidade only for role usuario; the moderator's menu
// leads to its own route set.

const hrefs = (role: 'usuario' | 'moderador', rewardsVisible = true) =>
  menuItems({ id: 'u1', nomeUsuario: 'ana', role }, { rewardsVisible }).map((item) => item.href);

describe('menu by role', () => {
  it('gives an ordinary user the whole menu, rewards only where they show', () => {
    expect(hrefs('usuario')).toEqual([
      '/explorar',
      '/dashboard/licenca',
      '/dashboard/fichas',
      '/dashboard/comunidade/conversas',
      '/dashboard/notifications',
      '/dashboard/recompensas/enviadas',
      '/dashboard/conta',
    ]);
    expect(hrefs('usuario', false)).not.toContain('/dashboard/recompensas/enviadas');
  });

  it('leads a moderator to the moderator routes, without subscription, slips or the community', () => {
    const moderator = hrefs('moderador');
    expect(moderator).toContain('/moderador/conversas');
    expect(moderator).toContain('/moderador/notifications');
    for (const href of ['/dashboard/licenca', '/dashboard/fichas', '/dashboard/comunidade/conversas', '/dashboard/notifications']) {
      expect(moderator).not.toContain(href);
    }
  });

  it('hides the bottom menu on the five chat routes only', () => {
    for (const path of ['/dashboard/comunidade/grupos/g1', '/dashboard/comunidade/conversas/ana', '/dashboard/comunidade/salas/s1', '/moderador/conversas/ana', '/moderador/grupos/g1']) {
      expect(isChatRoute(path), path).toBe(true);
    }
    for (const path of ['/dashboard/comunidade/grupos', '/dashboard/comunidade/grupos/criargrupo', '/dashboard/comunidade/conversas', '/moderador/notifications']) {
      expect(isChatRoute(path), path).toBe(false);
    }
  });
});
