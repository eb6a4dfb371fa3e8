// Start-up preloads that only the page itself can choose, written into index.html as a small inline script (the
// server allows it by its hash, server/security/headers.ts):
// - the app's catalog is a chunk per language (src/i18n/setup.ts imports the host's one); the script preloads the
//   catalog of the page's lang attribute (the server fills it per host), so it downloads with the entry, not after;
// - the app itself is a lazy chunk (src/app/start.tsx) that every page but the landing needs at once: away from `/`
//   the script preloads it and its imports too, so they download alongside the entry instead of after it.
import type { Plugin, Rollup } from 'vite';

const CATALOG = /\/locales\/(\w+)\/messages\.po(?:\?.*)?$/;
const APP = /\/src\/app\/App\.tsx$/;

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
  return {
    name: 'fichas-start-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const catalogs: Record<string, string> = {};
        let app: string | null = null;
        const entryGraph = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (chunk.isEntry) for (const name of withImports(bundle, chunk.fileName, new Set())) entryGraph.add(name);
          if (!chunk.facadeModuleId) continue;
          const locale = CATALOG.exec(chunk.facadeModuleId)?.[1];
          if (locale) catalogs[locale] = `/${chunk.fileName}`;
          if (APP.test(chunk.facadeModuleId)) app = chunk.fileName;
        }
        if (!catalogs.pt || !catalogs.en || !app) throw new Error(`start-preload: chunks not found (${JSON.stringify({ catalogs, app })})`);
        const appFiles = withImports(bundle, app, entryGraph).map((name) => `/${name}`);
        const code =
          `(function(c,a){function p(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}` +
          `p(c[document.documentElement.lang]||c.pt);if(location.pathname!=='/')a.forEach(p)})(${JSON.stringify(catalogs)},${JSON.stringify(appFiles)})`;
        // First in the head: an inline script after a stylesheet would wait for it to load.
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
      },
    },
  };
}
