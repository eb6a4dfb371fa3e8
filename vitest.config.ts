import { availableParallelism } from 'node:os';
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
    // At least two files at a time: vitest's default (one fewer than the cores) runs them one by one on a small
    // machine, while a server suite spends much of its time waiting on its database or an HTTP answer (docs/architecture.md §9).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
