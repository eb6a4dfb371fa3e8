import type { Context } from 'hono';
import { brandForHost, type Brand } from '../contract/brands.ts';
import type { AppEnv } from './hono-env.ts';
import { requestHost } from './lib/http.ts';
import { SLIP_IMPORT_PATH } from '../contract/slip-import/paths.ts';

/** One web manifest per brand (DESIGN §7), so each host installs with its own name, icons and language. */
export function manifestFor(brand: Brand) {
  return {
    id: '/',
    name: brand.name,
    short_name: brand.shortName,
    description: brand.description,
    lang: brand.locale,
    dir: 'ltr',
    start_url: '/explorar',
    scope: '/',
    display: 'standalone',
    background_color: brand.colors.background,
    theme_color: brand.colors.primary,
    // Android's share sheet ("Partilhar → Fichas" from WhatsApp) opens the tip importer filled with what was shared.
    share_target: {
      action: SLIP_IMPORT_PATH,
      method: 'GET',
      params: { title: 'title', text: 'text', url: 'url' },
    },
    icons: [
      { src: `/icons/${brand.icon}-192.png`, sizes: '192x192', type: 'image/png' },
      { src: `/icons/${brand.icon}-512.png`, sizes: '512x512', type: 'image/png' },
      { src: `/icons/${brand.icon}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function serveManifest(c: Context<AppEnv>): Response {
  const brand = brandForHost(requestHost(c));
  return c.body(JSON.stringify(manifestFor(brand)), 200, {
    'Content-Type': 'application/manifest+json',
    'Cache-Control': 'no-cache',
    Vary: 'Host',
  });
}
