// The credits of /cliline: every open-source package the shipped app and server use, read from the installed
// packages when the app is built (vite.config.ts emits them as credits.json; the service worker precaches it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export interface Credit {
  name: string;
  version: string;
  license: string;
  url?: string;
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  homepage?: string;
  repository?: string | { url?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackage = (path: string): PackageJson => JSON.parse(readFileSync(path, 'utf8')) as PackageJson;

/** Node's lookup: node_modules/<name> in the package's folder, then in each folder above it up to the root. */
function findPackage(name: string, fromDir: string, rootDir: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dir === rootDir) return null;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function licenseOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string' && pkg.license) return pkg.license;
  if (typeof pkg.license === 'object' && pkg.license?.type) return pkg.license.type;
  const legacy = pkg.licenses?.map((entry) => entry.type).filter(Boolean);
  return legacy?.length ? legacy.join(' OR ') : 'UNKNOWN';
}

/** A web address for the package: its homepage, else its repository as an https link; none when neither is a web URL. */
function urlOf(pkg: PackageJson): string | undefined {
  const candidates = [pkg.homepage, typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url];
  for (const raw of candidates) {
    if (!raw) continue;
    const github = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
    const url = github ? `https://github.com/${github[1]}` : raw.replace(/^git\+/, '').replace(/^git:\/\//, 'https://').replace(/\.git$/, '');
    if (/^https?:\/\//.test(url)) return url;
  }
  return undefined;
}

/**
 * Walks the production tree from `roots` (package names installed under rootDir): each package's `dependencies` and
 * installed `optionalDependencies`, resolved the way Node resolves them. One entry per name and version, sorted.
 */
export function collectCredits(rootDir: string, roots: string[]): Credit[] {
  const found = new Map<string, Credit>();
  const queue = roots.map((name) => ({ name, fromDir: rootDir }));
  for (let next = queue.pop(); next; next = queue.pop()) {
    const path = findPackage(next.name, next.fromDir, rootDir);
    if (!path) continue; // an optional dependency for another platform, not installed
    const pkg = readPackage(path);
    const version = pkg.version ?? '0.0.0';
    const key = `${next.name}@${version}`;
    if (found.has(key)) continue;
    const url = urlOf(pkg);
    found.set(key, { name: next.name, version, license: licenseOf(pkg), ...(url ? { url } : {}) });
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      queue.push({ name: dep, fromDir: dirname(path) });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** Packages the service worker imports: bundled into the shipped sw.js although they are devDependencies. */
export function serviceWorkerPackages(swDir: string): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(swDir).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(swDir, file), 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\b)[^'"]*?['"]([^'"./][^'"]*)['"]/gm)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
    }
  }
  return [...names];
}

/** The roots of the shipped code: the package's production dependencies and what the service worker bundles. */
export function shippedCredits(rootDir: string): Credit[] {
  const pkg = readPackage(join(rootDir, 'package.json'));
  const roots = new Set([...Object.keys(pkg.dependencies ?? {}), ...serviceWorkerPackages(join(rootDir, 'sw'))]);
  return collectCredits(rootDir, [...roots]);
}

/** Vite plugin: credits.json in the build output, and served by the dev server at the same address. */
export function creditsPlugin(rootDir: string): Plugin {
  return {
    name: 'fichas-credits',
    configureServer(server) {
      server.middlewares.use('/credits.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(shippedCredits(rootDir)));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'credits.json', source: JSON.stringify(shippedCredits(rootDir)) });
    },
  };
}
