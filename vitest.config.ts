import { defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { dexieAlias } from './scripts/dexie-alias.ts';

export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  resolve: { alias: [dexieAlias] },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // The default output, then how many server suites ran on SQLite and on PostgreSQL.
    reporters: ['default', './tests/unit/server/helpers/backend-count-reporter.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
