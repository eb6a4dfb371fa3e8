// The layer rules of the architecture (docs/architecture.md §2), checked on the real import graph by dependency-cruiser:
// `npm run layers`, and the "layer rules" step of `npm test`. Each rule is one forbidden edge; the fixtures in
// tests/fixtures/layers/ hold one file per rule and tests/unit/tooling/layers.test.ts proves each is rejected.
//
// Paths are relative to the folder being checked (the repository, or the fixture tree that mirrors it), so every
// `from`/`to` path starts at `src/`, `sw/`, `server/` or `contract/`. Packages are matched on their resolved file
// under node_modules, wherever that folder is.

/** A regular expression matching the files of the given packages (or package sub-paths). */
const packages = (...names) => `(^|/)node_modules/(${names.join('|')})(/|$)`;

const UI = '^src/(app|routes|components)/';
const DEXIE = packages('dexie[^/]*');
const REACT = `${packages('react', 'react-dom', 'wouter', '@lingui/react', 'dexie-react-hooks')}|(^|/)node_modules/jotai/(esm/)?react\\b`;
const TRANSPORT = packages('ky', 'pusher', 'pusher-js', '@pusher/[^/]+');

/**
 * The modules of src/ the service worker may use: DOM-free ones without Dexie, ky or zod (DESIGN §10: the worker's
 * script stays small; it reads and writes the store with IndexedDB alone and leaves validation to the page).
 */
const SW_ENTRY_POINTS = [
  'src/db/db-name\\.ts',
  'src/db/raw-store\\.ts',
  'src/db/types\\.ts',
  'src/db/outbox-types\\.ts',
  'src/api/batch-wire\\.ts',
  'src/api/outbox-transport\\.ts',
  'src/sync/outbox/sender\\.ts',
  'src/sync/outbox/sync-tag\\.ts',
  'src/sync/worker-messages\\.ts',
  'src/lib/is-record\\.ts',
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    // Screens and components read atoms; they never reach the store, the sync engine or the network themselves.
    { name: 'ui-not-to-db', comment: 'UI (app, routes, components) must not import src/db/: read atoms from src/state/.', severity: 'error', from: { path: UI }, to: { path: '^src/db/' } },
    { name: 'ui-not-to-sync', comment: 'UI must not import src/sync/: call action atoms from src/state/.', severity: 'error', from: { path: UI }, to: { path: '^src/sync/' } },
    { name: 'ui-not-to-api', comment: 'UI must not import src/api/: the sync layer talks to the server.', severity: 'error', from: { path: UI }, to: { path: '^src/api/' } },
    { name: 'ui-not-to-dexie', comment: 'UI must not import any dexie package (dexie, dexie-react-hooks, …): atoms follow the store.', severity: 'error', from: { path: UI }, to: { path: DEXIE } },
    { name: 'ui-not-to-transport', comment: 'UI must not import ky or pusher packages: the sync layer owns the network.', severity: 'error', from: { path: UI }, to: { path: TRANSPORT } },

    // Nothing points back up: routes, components -> state -> sync -> db, api -> contract.
    { name: 'state-not-up', comment: 'src/state/ must not import the UI.', severity: 'error', from: { path: '^src/state/' }, to: { path: '^src/(app|routes|components|i18n)/' } },
    { name: 'state-not-to-api', comment: 'src/state/ reaches the server through src/sync/, never src/api/ directly.', severity: 'error', from: { path: '^src/state/' }, to: { path: '^src/api/' } },
    { name: 'sync-not-up', comment: 'src/sync/ must not import state or UI.', severity: 'error', from: { path: '^src/sync/' }, to: { path: '^src/(app|routes|components|state|i18n)/' } },
    { name: 'db-not-up', comment: 'src/db/ imports only itself, src/lib/ and contract/.', severity: 'error', from: { path: '^src/db/' }, to: { path: '^src/(app|routes|components|state|sync|api|i18n)/' } },
    { name: 'api-not-up', comment: 'src/api/ imports only itself, src/lib/ and contract/.', severity: 'error', from: { path: '^src/api/' }, to: { path: '^src/(app|routes|components|state|sync|db|i18n)/' } },
    { name: 'api-not-to-dexie', comment: 'src/api/ must not touch the store.', severity: 'error', from: { path: '^src/api/' }, to: { path: DEXIE } },
    { name: 'i18n-not-to-layers', comment: 'src/i18n/ imports only itself, src/lib/, contract/ and the catalogs.', severity: 'error', from: { path: '^src/i18n/' }, to: { path: '^src/(app|routes|components|state|sync|db|api)/' } },
    { name: 'entry-only-app', comment: 'src/main.tsx starts the app: it imports src/app/ and src/i18n/ only.', severity: 'error', from: { path: '^src/[^/]+$' }, to: { path: '^src/(routes|components|state|sync|db|api|lib)/' } },

    // A state module may use db/sync types internally, but handing them on would let the UI reach the layers below.
    { name: 'state-not-reexport-lower', comment: 'src/state/ must not re-export from src/db/, src/sync/ or src/api/: export view models (or contract types) instead.', severity: 'error', from: { path: '^src/state/' }, to: { path: '^src/(db|sync|api)/', dependencyTypes: ['export'] } },

    // Atoms and everything under them are plain TypeScript: no React, no hooks.
    { name: 'no-react-below-ui', comment: 'src/state/, src/sync/, src/db/, src/api/ and src/lib/ must not import React (react, react-dom, jotai/react, dexie-react-hooks, wouter, @lingui/react).', severity: 'error', from: { path: '^src/(state|sync|db|api|lib)/' }, to: { path: REACT } },

    // src/lib/ holds pure helpers.
    { name: 'lib-pure', comment: 'src/lib/ imports only itself and contract/.', severity: 'error', from: { path: '^src/lib/' }, to: { path: '^(src/(app|routes|components|state|sync|db|api|i18n)|sw|server)/' } },
    { name: 'lib-no-io', comment: 'src/lib/ does no I/O: no dexie, ky or pusher packages.', severity: 'error', from: { path: '^src/lib/' }, to: { path: `${DEXIE}|${TRANSPORT}` } },

    // The contract is shared by app, service worker and server.
    { name: 'contract-only-zod', comment: 'contract/ imports only itself and zod.', severity: 'error', from: { path: '^contract/' }, to: { pathNot: `^contract/|${packages('zod')}` } },

    // The three programs stay apart.
    { name: 'server-not-to-client', comment: 'server/ must not import src/ or sw/.', severity: 'error', from: { path: '^server/' }, to: { path: '^(src|sw)/' } },
    { name: 'server-not-to-client-packages', comment: 'server/ must not import browser packages.', severity: 'error', from: { path: '^server/' }, to: { path: `${REACT}|${DEXIE}|${packages('jotai', 'pusher-js', 'workbox-[^/]+')}` } },
    { name: 'src-not-to-server-or-sw', comment: 'src/ must not import server/ or sw/.', severity: 'error', from: { path: '^src/' }, to: { path: '^(server|sw)/' } },
    { name: 'sw-only-entry-points', comment: `sw/ imports from src/ only the DOM-free entry points ${SW_ENTRY_POINTS.join(', ').replaceAll('\\', '')}.`, severity: 'error', from: { path: '^sw/' }, to: { path: '^src/', pathNot: `^(${SW_ENTRY_POINTS.join('|')})$` } },
    { name: 'sw-small', comment: 'sw/ must not import dexie, zod or ky: the worker script stays small (DESIGN §10).', severity: 'error', from: { path: '^sw/' }, to: { path: `${DEXIE}|${packages('zod', 'ky')}` } },
    { name: 'sw-not-to-server', comment: 'sw/ must not import server/.', severity: 'error', from: { path: '^sw/' }, to: { path: '^server/' } },
    { name: 'client-not-to-node', comment: 'The app, service worker and contract run in browsers: no Node built-ins.', severity: 'error', from: { path: '^(src|sw|contract)/' }, to: { dependencyTypes: ['core'] } },

    // An import the check cannot follow could hide any of the edges above. `node:` built-ins newer than the Node that
    // runs the check (node:sqlite on Node 20) do not resolve there; they are built-ins all the same.
    { name: 'not-to-unresolvable', comment: 'Every import must resolve to a file or an installed package.', severity: 'error', from: {}, to: { couldNotResolve: true, pathNot: '^node:' } },
  ],
  options: {
    // Type-only imports and re-exports count: a type is as much a dependency as a value.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'browser', 'module', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.d.ts'],
    },
  },
};
