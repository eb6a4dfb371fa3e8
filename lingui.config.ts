import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Two catalogs: `messages` is bundled with the entry (shell, auth, menus); `betting` rides with the lazy betting
// chunks (Explore, event page, slip builder, my slips) and is merged in when they load (src/i18n/betting-catalog.ts),
// so the entry route's JavaScript stays within its budget (DESIGN §10) as the betting screens grow.
const BETTING = [
  '<rootDir>/src/components/betting',
  '<rootDir>/src/components/explore',
  '<rootDir>/src/components/events',
  '<rootDir>/src/routes/Explore.tsx',
  '<rootDir>/src/routes/EventPage.tsx',
  '<rootDir>/src/routes/MySlips.tsx',
  '<rootDir>/src/routes/SlipPage.tsx',
  '<rootDir>/src/routes/PublicSlip.tsx',
];
// The FAQ and credits pages' long texts ride with their own lazy chunk in the same way (src/components/faq/faq-catalog.ts).
const FAQ = ['<rootDir>/src/components/faq', '<rootDir>/src/routes/Faq.tsx', '<rootDir>/src/routes/Credits.tsx'];

export default defineConfig({
  sourceLocale: 'pt',
  locales: ['pt', 'en'],
  fallbackLocales: { default: 'pt' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: [...BETTING, ...FAQ] },
    { path: '<rootDir>/locales/{locale}/betting', include: BETTING },
    { path: '<rootDir>/locales/{locale}/faq', include: FAQ },
  ],
  format: formatter({ lineNumbers: false }),
});
