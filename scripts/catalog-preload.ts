// The app's catalog is a chunk per language (src/i18n/setup.ts imports the host's one). Its name is known only after
// the build, and which one a page needs only from the host: this writes into index.html a small inline script that
// preloads the catalog of the page's lang attribute (the server fills it per host), so the catalog downloads with
// the entry instead of after it. The server allows the script by its hash (server/security/headers.ts).
import type { Plugin } from 'vite';

const CATALOG = /\/locales\/(\w+)\/messages\.po(?:\?.*)?$/;

export function catalogPreloadPlugin(): Plugin {
  return {
    name: 'fichas-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const urls: Record<string, string> = {};
        for (const chunk of Object.values(context.bundle ?? {})) {
          if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
          const locale = CATALOG.exec(chunk.facadeModuleId)?.[1];
          if (locale) urls[locale] = `/${chunk.fileName}`;
        }
        if (!urls.pt || !urls.en) throw new Error(`catalog-preload: the catalog chunks were not found (${JSON.stringify(urls)})`);
        const code = `(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u[document.documentElement.lang]||u.pt;document.head.appendChild(l)})(${JSON.stringify(urls)})`;
        // First in the head: an inline script after a stylesheet would wait for it to load.
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
      },
    },
  };
}
