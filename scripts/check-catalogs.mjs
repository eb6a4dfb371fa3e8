// Every visible string goes through lingui and has an en translation: re-extract the catalogs from the source,
// then fail on any en message without a translation.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const extract = spawnSync(process.execPath, [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'], {
  cwd: root,
  encoding: 'utf8',
});
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  process.exit(1);
}

// Every en catalog (lingui.config.ts lists them): the entry's and the lazy betting screens'.
const catalogs = readdirSync(join(root, 'locales/en')).filter((file) => file.endsWith('.po'));
let count = 0;
const missing = [];
for (const file of catalogs) {
  const po = readFileSync(join(root, 'locales/en', file), 'utf8');
  missing.push(...[...po.matchAll(/msgid "(.+)"\nmsgstr ""\n/g)].map((match) => `${match[1]} (${file})`));
  count += [...po.matchAll(/^msgid "(.+)"$/gm)].length;
}
if (missing.length) {
  console.error(`Missing en translations in locales/en/:\n${missing.map((id) => `  ${id}`).join('\n')}`);
  process.exit(1);
}
console.log(`catalogs: ${count} messages in ${catalogs.length} catalogs, all translated to en`);
