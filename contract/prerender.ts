import type { BrandId } from './brands.ts';

/**
 * Where the build writes each brand's prerendered landing page, relative to its output folder
 * (scripts/prerender-landing.ts), and where the server reads it to put it in index.html (server/static.ts).
 */
export function landingFile(brand: BrandId): string {
  return `prerender/landing-${brand}.html`;
}
