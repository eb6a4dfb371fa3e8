// The start path's pieces that must agree (docs/architecture.md, "The start path"): the route table and which
// screens wait for the later catalog (src/app/AppRoutes.tsx), the screens index.html preloads by path
// (scripts/catalog-preload.ts ROUTES), the screens that get a start chunk of their own (scripts/start-chunks.ts
// GROUPS) and the catalogs their texts are in (lingui.config.ts). A route added to one and not the others fails here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAQ, LATER } from '../../../lingui.config.ts';
import { ROUTES } from '../../../scripts/catalog-preload.ts';
import { GROUPS } from '../../../scripts/start-chunks.ts';

const root = resolve(import.meta.dirname, '../../..');
const source = readFileSync(resolve(root, 'src/app/AppRoutes.tsx'), 'utf8');

interface ScreenModule {
  file: string;
  /** Waits for the later catalog (withLaterCatalog). */
  later: boolean;
}

/** `const X = screen(…import('../routes/Y.tsx'))` and `const Login = lazy(…)`: each screen's file. */
const screens = new Map<string, ScreenModule>();
for (const [, name, loader] of source.matchAll(/^const (\w+) = (?:screen|lazy)\((.*)\);$/gm)) {
  const file = /import\('\.\.\/(routes\/\w+\.tsx)'\)/.exec(loader ?? '')?.[1];
  if (name && file) screens.set(name, { file: `src/${file}`, later: (loader ?? '').includes('withLaterCatalog(') });
}

/** Every route's path and its screen's name: the shell's table, then the two routes outside the shell. */
const routes: { path: string; screen: string }[] = [
  ...[...source.matchAll(/\{ path: '([^']+)', screen: (\w+),/g)].map(([, path, screen]) => ({ path: path ?? '', screen: screen ?? '' })),
  ...[...source.matchAll(/<Route path="([^"]+)">\s*<(\w+) \/>/g)].map(([, path, screen]) => ({ path: path ?? '', screen: screen ?? '' })),
];

/** A path the route matches (its parameters filled in). */
const examplePath = (pattern: string) => pattern.replace(/:\w+/g, 'x1');
const fileOf = (screen: string) => screens.get(screen)?.file ?? `(no screen ${screen})`;
const inCatalog = (paths: readonly string[], file: string) =>
  paths.some((path) => {
    const relative = path.replace('<rootDir>/', '');
    return file === relative || file.startsWith(`${relative}/`);
  });

describe('the start path', () => {
  it('reads the route table (the test would pass on nothing otherwise)', () => {
    expect(screens.size).toBeGreaterThan(20);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes.filter((r) => r.screen !== 'Landing')) expect(screens.has(route.screen), route.path).toBe(true);
  });

  it('preloads by path only screens of real routes, none of which waits for the later catalog', () => {
    for (const [pathPattern, modulePattern] of ROUTES) {
      const matching = routes.filter((route) => pathPattern.test(examplePath(route.path)) && modulePattern.test(`/${fileOf(route.screen)}`));
      expect(matching, `index.html preloads ${modulePattern} for ${pathPattern}, which no route of AppRoutes.tsx opens`).not.toEqual([]);
      for (const route of matching) expect(screens.get(route.screen)?.later, `${route.path} is preloaded but waits for the later catalog`).toBe(false);
    }
  });

  it('gives a start chunk only to a screen that is preloaded', () => {
    for (const [name, starts] of GROUPS) {
      for (const start of starts.filter((pattern) => pattern.source.includes('routes'))) {
        expect(ROUTES.some(([, screen]) => screen.source === start.source), `the ${name} chunk is for ${start}, which index.html does not preload`).toBe(true);
      }
    }
  });

  it('makes every screen whose texts are in the later catalog wait for it, and preloads every other first screen', () => {
    const problems: string[] = [];
    for (const [name, { file, later }] of screens) {
      const inLater = inCatalog(LATER, file);
      if (inLater && !later) problems.push(`${name} (${file}) has its texts in the later catalog but does not wait for it`);
      const preloaded = ROUTES.some(([, screen]) => screen.test(`/${file}`));
      // A screen neither behind the later catalog nor with its own (the FAQ's) is one a visit starts on: preloaded.
      if (!later && !inCatalog(FAQ, file) && !preloaded) problems.push(`${name} (${file}) loads with the first screens' catalogs but index.html never preloads it`);
    }
    expect(problems).toEqual([]);
  });
});
