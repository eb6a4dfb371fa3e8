import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'pt',
  locales: ['pt', 'en'],
  fallbackLocales: { default: 'pt' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});
