// Fails when an import crosses the layer rules of DESIGN §2 (run by `npm test`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);

// Each area may import only the areas listed (its own included). Packages are free unless listed in BANNED_PACKAGES.
const ALLOWED = {
  contract: ['contract'],
  'src/lib': ['src/lib', 'contract'],
  'src/i18n': ['src/i18n', 'src/lib', 'contract', 'locales'],
  'src/db': ['src/db', 'src/lib', 'contract'],
  'src/api': ['src/api', 'src/lib', 'contract'],
  'src/sync': ['src/sync', 'src/db', 'src/api', 'src/lib', 'contract'],
  'src/state': ['src/state', 'src/sync', 'src/db', 'src/lib', 'contract'],
  'src/components': ['src/components', 'src/state', 'src/i18n', 'src/lib', 'contract'],
  'src/routes': ['src/routes', 'src/components', 'src/state', 'src/i18n', 'src/lib', 'contract'],
  'src/app': ['src/app', 'src/routes', 'src/components', 'src/state', 'src/i18n', 'src/lib', 'contract'],
  src: ['src', 'src/app', 'src/i18n', 'contract'],
  sw: ['sw', 'contract', 'src/sync', 'src/db', 'src/api', 'src/lib'],
  server: ['server', 'contract'],
};
const BANNED_PACKAGES = {
  contract: (name) => name !== 'zod',
  'src/components': (name) => name === 'dexie' || name.startsWith('pusher') || name === 'ky',
  'src/routes': (name) => name === 'dexie' || name.startsWith('pusher') || name === 'ky',
  'src/app': (name) => name === 'dexie' || name.startsWith('pusher') || name === 'ky',
  server: (name) => ['react', 'react-dom', 'dexie', 'jotai', 'wouter'].includes(name),
};

function areaOf(file) {
  const rel = relative(root, file);
  const keys = Object.keys(ALLOWED).sort((a, b) => b.length - a.length);
  return keys.find((key) => rel === key || rel.startsWith(`${key}/`)) ?? null;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts)$/.test(entry)) yield path;
  }
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;
const problems = [];
for (const top of ['contract', 'src', 'sw', 'server']) {
  for (const file of sourceFiles(join(root, top))) {
    const area = areaOf(file);
    if (!area) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec) continue;
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        const targetArea = areaOf(target) ?? relative(root, target).split('/')[0];
        if (!ALLOWED[area].includes(targetArea)) problems.push(`${relative(root, file)}: ${area} must not import ${spec} (${targetArea})`);
      } else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (name.startsWith('node:') && !area.startsWith('server')) problems.push(`${relative(root, file)}: ${area} must not import ${spec}`);
        if (BANNED_PACKAGES[area]?.(name)) problems.push(`${relative(root, file)}: ${area} must not import the package ${name}`);
      }
    }
  }
}

if (problems.length) {
  console.error(`Layer rules broken (DESIGN §2):\n${problems.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log('layers: ok');
