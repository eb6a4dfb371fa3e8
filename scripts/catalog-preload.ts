// Start-up preloads that only the page itself can choose, written into index.html as a small inline script (the
// server allows it by its hash, server/security/headers.ts):
// - the app's catalog is a chunk per language (src/i18n/setup.ts imports the host's one); the script preloads the
//   catalog of the page's lang attribute (the server fills it per host), so it downloads with the entry, not after;
// - the app itself is a lazy chunk (src/app/start.tsx) that every page but the landing needs at once: away from `/`
//   the script preloads it and its imports too, so they download alongside the entry instead of after it, with the
//   first start's session check (src/state/session-at-start.ts);
// - the screen of the page's path (ROUTES below, the screens a visit most often starts on): its chunk, its imports and
//   the host language's catalogs it loads (src/i18n/betting-catalog.ts), so the screen does not wait one round trip
//   per step of a chain of lazy imports after the session is known (300 ms each on AO-3G).
// It also checks the `later` catalog's rule (lingui.config.ts, src/i18n/later-catalog.ts): no module whose messages are
// in that catalog may be reachable from the entry but through a lazy import wrapped in `withLaterCatalog(() => import(…))`
// (which waits for the catalog), or its texts could render as ids before the catalog is in. The build fails otherwise.
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { LATER } from '../lingui.config.ts';

const CATALOG = /\/locales\/(\w+)\/messages\.po(?:\?.*)?$/;
const APP = /\/src\/app\/App\.tsx$/;
const SESSION_START = /\/src\/sync\/session-at-start\.ts$/;
/** The server messages' English table, loaded with the English catalog (src/i18n/setup.ts). */
const SERVER_MESSAGES_EN = /\/src\/i18n\/server-message-table\.ts$/;
/** A language's catalog chunk (any of locales/<lang>/*.po), loaded by a screen with a dynamic import. */
const LOCALE_CATALOG = /\/locales\/(\w+)\/\w+\.po(?:\?.*)?$/;
/** The later catalog, which no first screen needs (so none is preloaded). */
const LATER_CATALOG = /\/locales\/\w+\/later\.po(?:\?.*)?$/;
/** A lazy import that waits for the later catalog (src/i18n/later-catalog.ts), as written in the source. */
const GATED_IMPORT = /withLaterCatalog\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** Path patterns (src/app/AppRoutes.tsx) and the screen each opens, for the screens worth preloading. */
export const ROUTES: [RegExp, RegExp][] = [
  [/^\/explorar\/?$/, /\/src\/routes\/Explore\.tsx$/],
  [/^\/explorar\/[^/]+\/?$/, /\/src\/routes\/EventPage\.tsx$/],
  [/^\/dashboard\/fichas\/?$/, /\/src\/routes\/MySlips\.tsx$/],
  [/^\/login\/?$/, /\/src\/routes\/Login\.tsx$/],
];

/** The stylesheets of `names` (chunks), which Vite's preload helper would fetch only once the chunk is imported. */
function stylesOf(bundle: Rollup.OutputBundle, names: string[]): string[] {
  return names.flatMap((name) => {
    const chunk = bundle[name];
    return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });
}

/** `fileName` and every chunk it imports statically, except those in `skip`. */
function withImports(bundle: Rollup.OutputBundle, fileName: string, skip: Set<string>): string[] {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name) || skip.has(name)) return;
    found.add(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return [...found];
}

export function catalogPreloadPlugin(): Plugin {
  let root = process.cwd();
  /** importer -> the modules it imports through `withLaterCatalog`. */
  const gated = new Map<string, Set<string>>();
  return {
    name: 'fichas-start-preload',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/node_modules/') || !code.includes('withLaterCatalog(')) return null;
      for (const [, specifier] of code.matchAll(GATED_IMPORT)) {
        const target = specifier && (await this.resolve(specifier, id));
        if (target) (gated.get(id) ?? gated.set(id, new Set()).get(id))?.add(target.id);
      }
      return null;
    },
    generateBundle() {
      const later = LATER.map((path) => resolve(root, path.replace('<rootDir>/', './')));
      // Only code carries messages (a stylesheet of theirs may load earlier).
      const isLater = (id: string) => /\.tsx?$/.test(id) && later.some((path) => id === path || id.startsWith(`${path}/`));
      const found: string[] = [];
      // Breadth first from the entries, so that the path reported is a shortest one.
      const from = new Map<string, string | null>();
      const queue: string[] = [];
      for (const id of this.getModuleIds()) {
        if (!this.getModuleInfo(id)?.isEntry) continue;
        from.set(id, null);
        queue.push(id);
      }
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const clean = id.split('?')[0] ?? id;
        if (isLater(clean)) {
          const path = [];
          for (let at: string | null | undefined = id; at; at = from.get(at)) path.unshift(at.replace(`${root}/`, ''));
          found.push(`${path.at(-1)} is reachable without waiting for its catalog: ${path.join(' -> ')}`);
        }
        const info = this.getModuleInfo(id);
        const skip = gated.get(id);
        for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []).filter((target) => !skip?.has(target))]) {
          if (from.has(next)) continue;
          from.set(next, id);
          queue.push(next);
        }
      }
      if (found.length) {
        const message = `later catalog (lingui.config.ts, LATER): wrap the lazy import in withLaterCatalog (src/i18n/later-catalog.ts) or take the module out of LATER:\n  ${found.join('\n  ')}`;
        // Printed too: the service worker's build, which runs after a failed bundle, hides the error otherwise.
        console.error(message);
        this.error(message);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const catalogs: Record<string, string> = {};
        let app: string | null = null;
        let sessionStart: string | null = null;
        let serverMessages: string | null = null;
        const screens = new Map<RegExp, string>();
        const entryGraph = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (chunk.isEntry) for (const name of withImports(bundle, chunk.fileName, new Set())) entryGraph.add(name);
          if (!chunk.facadeModuleId) continue;
          const locale = CATALOG.exec(chunk.facadeModuleId)?.[1];
          if (locale) catalogs[locale] = `/${chunk.fileName}`;
          if (APP.test(chunk.facadeModuleId)) app = chunk.fileName;
          if (SESSION_START.test(chunk.facadeModuleId)) sessionStart = chunk.fileName;
          if (SERVER_MESSAGES_EN.test(chunk.facadeModuleId)) serverMessages = chunk.fileName;
          for (const [, screen] of ROUTES) if (screen.test(chunk.facadeModuleId)) screens.set(screen, chunk.fileName);
        }
        if (!catalogs.pt || !catalogs.en || !app || !sessionStart || !serverMessages || screens.size !== ROUTES.length) {
          throw new Error(`start-preload: chunks not found (${JSON.stringify({ catalogs, app, sessionStart, serverMessages, screens: [...screens.values()] })})`);
        }
        // What each language loads at start: its catalog, and for English the server messages' table with its imports.
        const startCatalogs: Record<string, string[]> = {
          pt: [catalogs.pt],
          en: [catalogs.en, ...withImports(bundle, serverMessages, entryGraph).map((name) => `/${name}`)],
        };
        const appGraph = new Set([...withImports(bundle, app, entryGraph), ...withImports(bundle, sessionStart, entryGraph)]);
        // A group of chunks to preload: its files, then the language catalogs they import, by language.
        const group = (names: string[]) => {
          const languages: Record<string, string[]> = {};
          for (const name of names) {
            const chunk = bundle[name];
            if (chunk?.type !== 'chunk') continue;
            for (const imported of chunk.dynamicImports) {
              const target = bundle[imported];
              const language = target?.type === 'chunk' && target.facadeModuleId ? LOCALE_CATALOG.exec(target.facadeModuleId)?.[1] : undefined;
              const later = target?.type === 'chunk' && LATER_CATALOG.test(target.facadeModuleId ?? '');
              if (language && !later && !Object.values(catalogs).includes(`/${imported}`)) (languages[language] ??= []).push(`/${imported}`);
            }
          }
          return [[...names, ...stylesOf(bundle, names)].map((name) => `/${name}`), languages] as const;
        };
        // The app's, then per screen [path pattern, ...its group beyond the entry's and the app's].
        const appGroup = group([...appGraph]);
        const routes = ROUTES.map(([path, screen]) => [path.source, ...group(withImports(bundle, screens.get(screen) ?? '', new Set([...entryGraph, ...appGraph])))]);
        const code =
          `(function(c,a,r){var d=document,l=d.documentElement.lang,w=location.pathname,s='';function p(h){s+='<link rel='+(/\\.css$/.test(h)?'preload as=style':'modulepreload')+' crossorigin href='+h+'>'}` +
          `function g(e){e[0].forEach(p);(e[1][l]||e[1].pt||[]).forEach(p)}` +
          `(c[l]||c.pt).forEach(p);if(w!=='/'){g(a);r.forEach(function(e){if(new RegExp(e[0]).test(w))g(e.slice(1))})}d.head.insertAdjacentHTML('beforeend',s)})` +
          `(${JSON.stringify(startCatalogs)},${JSON.stringify(appGroup)},${JSON.stringify(routes)})`;
        // The entry's stylesheet goes before the module script and its preloads (after the inline scripts, which
        // would otherwise wait for it): the browser asks for them in that order, and on a 3G link their bytes come in
        // that order, so the stylesheet no longer waits behind 80 KB of JavaScript, nor does the prerendered landing
        // page's first paint (scripts/prerender-landing.ts).
        const styles = [...html.matchAll(/\s*<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
        const firstModule = html.search(/<script type="module"/);
        let page = html;
        if (firstModule >= 0 && styles.length > 0) {
          for (const style of styles) page = page.replace(style, '');
          const at = page.search(/<script type="module"/);
          page = `${page.slice(0, at)}${styles.map((style) => style.trim()).join('\n    ')}\n    ${page.slice(at)}`;
        }
        // One insertion of all the links: appending them one by one took ~100 ms of a 4x-slowed main thread.
        // First in the head: an inline script after a stylesheet would wait for it to load.
        return { html: page, tags: [{ tag: 'script', children: code, injectTo: 'head-prepend' }] };
      },
    },
  };
}
