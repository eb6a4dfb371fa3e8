import { join } from 'node:path';

/**
 * Every `dexie` import (the app's, dexie-react-hooks') resolves to Dexie's ES2018 build rather than its ES5 one (the
 * package's default): 1.7 KB less gzip on the way to the first screen (DESIGN §10). The app's build and the unit tests
 * use the same one.
 */
export const dexieAlias = { find: /^dexie$/, replacement: join(import.meta.dirname, '../node_modules/dexie/dist/modern/dexie.mjs') };
