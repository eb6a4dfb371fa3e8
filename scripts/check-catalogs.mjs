// Every visible string goes through lingui and has an en translation: re-extract the catalogs from the source,
// then fail on any en message without a translation.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

const po = readFileSync(join(root, 'locales/en/messages.po'), 'utf8');
const missing = [...po.matchAll(/msgid "(.+)"\nmsgstr ""\n/g)].map((match) => match[1]);
if (missing.length) {
  console.error(`Missing en translations in locales/en/messages.po:\n${missing.map((id) => `  ${id}`).join('\n')}`);
  process.exit(1);
}
const count = [...po.matchAll(/^msgid "(.+)"$/gm)].length;
console.log(`catalogs: ${count} messages, all translated to en`);
