// Bundle figures (DESIGN §10): gzip size of the JavaScript on the entry route's critical path and of each lazy chunk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function bundleFigures(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const assets = readdirSync(join(distDir, 'assets')).filter((file) => file.endsWith('.js'));
  const gz = (file) => gzipSync(readFileSync(join(distDir, file))).length;
  const entry = entryFiles.reduce((sum, file) => sum + gz(file), 0);
  const lazy = assets
    .map((file) => `assets/${file}`)
    .filter((file) => !entryFiles.includes(file))
    .map((file) => ({ file, gzip: gz(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { entry, entryFiles, lazy };
}
