// The landing page's markup for each brand, written beside the build (contract/prerender.ts) for the
// server to put in index.html when a visitor without a session opens `/` (server/static.ts). On AO-3G a first visit
// then shows the landing page as soon as the HTML and the stylesheet are in, instead of after some 80 KB of
// JavaScript and its start-up (DESIGN §10: first-visit LCP of `/` ≤ 2.5 s). The markup comes from the app's own
// component and catalogs, rendered by Vite's SSR loader with this very config (src/app/landing-markup.tsx), so
// start-up can hydrate it as it is.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { landingFile } from '../contract/prerender.ts';
import type { BrandId } from '../contract/brands.ts';

export function prerenderLandingPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let configFile: string | undefined;
  return {
    name: 'fichas-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async writeBundle() {
      const { createServer } = await import('vite');
      const server = await createServer({
        configFile,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const module = (await server.ssrLoadModule('/src/app/landing-markup.tsx')) as { landingPages: () => Record<BrandId, string> };
        for (const [brand, markup] of Object.entries(module.landingPages()) as [BrandId, string][]) {
          if (!markup.includes('class="landing"')) this.error(`prerender-landing: no landing page in the markup for ${brand}`);
          const file = join(outDir, landingFile(brand));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, markup);
        }
      } finally {
        await server.close();
      }
    },
  };
}
