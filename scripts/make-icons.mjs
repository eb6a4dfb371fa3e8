// Draws the brand icons (public/icons/*.png) and the favicon from one SVG, through Chromium.
// Run once after changing a brand's colours: `node scripts/make-icons.mjs`. The PNGs are committed assets.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const BRANDS = [
  { icon: 'fichas', primary: '#0f7b3f', dark: '#0a5a2e', accent: '#f2b705' },
  { icon: 'slipmates', primary: '#1d4ed8', dark: '#1e3a8a', accent: '#f97316' },
];

function svg({ primary, dark, accent }, { maskable }) {
  const inset = maskable ? 0 : 0;
  const radius = maskable ? 0 : 112;
  const scale = maskable ? 0.72 : 0.9;
  const offset = (512 - 512 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect x="${inset}" y="${inset}" width="${512 - 2 * inset}" height="${512 - 2 * inset}" rx="${radius}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M136 96h240v328l-30-20-30 20-30-20-30 20-30-20-30 20-30-20-30 20z" fill="#fff"/>
    <rect x="176" y="150" width="160" height="22" rx="11" fill="${primary}" opacity=".85"/>
    <rect x="176" y="200" width="120" height="22" rx="11" fill="${primary}" opacity=".55"/>
    <circle cx="300" cy="318" r="64" fill="${accent}"/>
    <path d="M300 272l22 16-8 26h-28l-8-26z" fill="#1b1b1b"/>
    <path d="M300 254v18M236 318h24M364 318h-24M322 288l20-14M278 288l-20-14M314 314l14 26M286 314l-14 26" stroke="#1b1b1b" stroke-width="8" stroke-linecap="round"/>
  </g>
</svg>`;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const brand of BRANDS) {
  for (const [suffix, size, maskable] of [['-192', 192, false], ['-512', 512, false], ['-maskable-512', 512, true]]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(brand, { maskable }).replace('width="512" height="512"', `width="${size}" height="${size}"`)}</body></html>`);
    await page.screenshot({ path: join(root, 'public/icons', `${brand.icon}${suffix}.png`), omitBackground: true });
  }
}
writeFileSync(join(root, 'public/favicon.svg'), svg(BRANDS[0], { maskable: false }));
await browser.close();
console.log('icons written to public/icons');
