import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Writes to the phone's store stay atomic without Dexie's tracking of `await` (src/db/store-transaction.ts): a
// read-write transaction is opened only by writeTransaction, and code running inside one reaches the store only
// through the tables it is handed, never through `db`.
const STORE_TRANSACTION_RULES = [
  {
    selector: "CallExpression[callee.property.name='transaction'][arguments.0.value='rw']",
    message: 'Open a read-write transaction with writeTransaction (src/db/store-transaction.ts).',
  },
  {
    selector: "CallExpression[callee.name=/^(writeTransaction|writeForOwner)$/] > :function Identifier[name='db']",
    message: 'Inside a write transaction, read and write through the tables it hands you (tx), not db.',
  },
  {
    selector: "Property[key.name=/^(optimistic|store)$/] > :function Identifier[name='db']",
    message: 'An optimistic change or a stored page writes through the transaction’s tables it is handed (tx), not db.',
  },
];

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
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...STORE_TRANSACTION_RULES] },
  },
  {
    // The UI must not reach db/, sync/ or api/ types through a state module (.dependency-cruiser.mjs catches
    // `export … from`); an alias or an export list of an imported type would hand them on past that check.
    files: ['src/state/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...STORE_TRANSACTION_RULES,
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
    // Every server transaction is opened by server/db/transaction.ts, which marks it so that CPU-heavy work (password
    // hashing, image work) refuses to run inside it (docs/architecture.md, "Work that costs CPU").
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Open a transaction with transaction() or inTransaction() from server/db/ (it marks the transaction for assertOutsideTransaction).',
        },
        {
          selector: "CallExpression[callee.property.name='json'][callee.object.property.name='req']",
          message: 'Read a JSON body with jsonBody() from server/lib/json-depth.ts (it refuses nesting that would overflow the stack).',
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
