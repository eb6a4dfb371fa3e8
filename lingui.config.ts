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

export default defineConfig({
  sourceLocale: 'pt',
  locales: ['pt', 'en'],
  fallbackLocales: { default: 'pt' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: BETTING },
    { path: '<rootDir>/locales/{locale}/betting', include: BETTING },
  ],
  format: formatter({ lineNumbers: false }),
});
