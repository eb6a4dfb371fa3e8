// Host -> brand and locale (SPEC §1, DESIGN §7). Used by the app (texts, logo, colours), the server (html lang,
// web manifest) and the service worker.
export type Locale = 'pt' | 'en';
export type BrandId = 'fichas' | 'slipmates';

export interface Brand {
  id: BrandId;
  locale: Locale;
  name: string;
  shortName: string;
  description: string;
  /** Sign-up asks for a 9-digit phone number (SPEC §3, "brand variant only"). */
  asksPhone: boolean;
  colors: { primary: string; primaryDark: string; accent: string; background: string; surface: string; text: string };
  icon: string;
}

export const BRANDS: Record<BrandId, Brand> = {
  fichas: {
    id: 'fichas',
    locale: 'pt',
    name: 'Fichas',
    shortName: 'Fichas',
    description: 'Bate, guarda e partilha fichas de futebol com a comunidade.',
    asksPhone: true,
    colors: {
      primary: '#0f7b3f',
      primaryDark: '#0a5a2e',
      accent: '#f2b705',
      background: '#f4f6f5',
      surface: '#ffffff',
      text: '#16201a',
    },
    icon: 'fichas',
  },
  slipmates: {
    id: 'slipmates',
    locale: 'en',
    name: 'Slipmates',
    shortName: 'Slipmates',
    description: 'Build, save and share football betting slips with the community.',
    asksPhone: false,
    colors: {
      primary: '#1d4ed8',
      primaryDark: '#1e3a8a',
      accent: '#f97316',
      background: '#f3f5fa',
      surface: '#ffffff',
      text: '#111827',
    },
    icon: 'slipmates',
  },
};

/** The product's own production host, where the Recompensas entry shows (SPEC §2). */
export const PRODUCTION_HOST = 'fichas.ao';

const EN_HOSTS = new Set(['slipmates.com', 'www.slipmates.com', 'en.localhost']);

export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] ?? '';
}

export function brandForHost(host: string): Brand {
  return EN_HOSTS.has(hostName(host)) ? BRANDS.slipmates : BRANDS.fichas;
}

export function isLocalHost(host: string): boolean {
  const name = hostName(host);
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]';
}

export function showsRewards(host: string): boolean {
  const name = hostName(host);
  return isLocalHost(name) || name === PRODUCTION_HOST || name === `www.${PRODUCTION_HOST}`;
}
