import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', 'playwright-report/', '.tmp/', 'locales/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    },
  },
  {
    // The UI must not reach db/, sync/ or api/ types through a state module (.dependency-cruiser.mjs catches
    // `export … from`); an alias or an export list of an imported type would hand them on past that check.
    files: ['src/state/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration > TSTypeAliasDeclaration > TSTypeReference.typeAnnotation:not([typeArguments])',
          message: 'Do not export a bare alias of another type from src/state/: export a view model of your own, or let the UI import the contract type.',
        },
        {
          selector: 'ExportNamedDeclaration[source=null] > ExportSpecifier',
          message: 'Do not hand on imported names from src/state/ with an export list: export a view model of your own, or let the UI import the contract type.',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' } },
  },
  {
    // Code passed to page.evaluate runs in the browser.
    files: ['tests/bench/**/*.mjs'],
    languageOptions: { globals: { window: 'readonly', navigator: 'readonly', performance: 'readonly', PerformanceObserver: 'readonly' } },
  },
);
