import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { creditsPlugin } from './scripts/credits.ts';
import { catalogPreloadPlugin } from './scripts/catalog-preload.ts';
import { startChunksPlugin } from './scripts/start-chunks.ts';
import { prerenderLandingPlugin } from './scripts/prerender-landing.ts';
import { dexieAlias } from './scripts/dexie-alias.ts';
import { resolve } from 'node:path';
import { offlineManifest } from './scripts/offline-packs.ts';

const apiPort = process.env.API_PORT ?? '8080';
// The build's output folder, for the service worker's manifest (VitePWA below).
let pwaOutDir = 'dist';

export default defineConfig({
  plugins: [
    // Lingui macros must be compiled before the React transform; plugin-react no longer runs Babel, so they go through
    // @rolldown/plugin-babel first.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    // /cliline's list of the open-source packages shipped, read from node_modules at build time (scripts/credits.ts).
    creditsPlugin(import.meta.dirname),
    // index.html preloads the host's catalog chunk (scripts/catalog-preload.ts).
    catalogPreloadPlugin(),
    // What the app and Explore import at start, in two chunks rather than some forty (scripts/start-chunks.ts).
    startChunksPlugin(),
    // The landing page's markup per brand, for the server to put in index.html on a first visit (scripts/prerender-landing.ts).
    prerenderLandingPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The server writes a web manifest per brand host (server/static.ts), so none is generated here.
      manifest: false,
      injectManifest: {
        // credits.json is the credits page's data, so that /cliline opens offline too.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', 'credits.json'],
        // The large icons are for install screens only; phones on 3G should not download them up front.
        // The prerendered landing pages are the server's, put into index.html on a first visit; the app never fetches them.
        globIgnores: ['icons/*-512.png', 'prerender/**'],
        // The first visit precaches only the shell; every other file is lazy, kept when first used or from the
        // offline packs once the phone is idle (scripts/offline-packs.ts).
        manifestTransforms: [async (entries) => ({ manifest: await offlineManifest(pwaOutDir, entries) })],
      },
      integration: {
        configureOptions: (viteConfig) => {
          pwaOutDir = resolve(viteConfig.root, viteConfig.build.outDir);
        },
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { alias: [dexieAlias] },
  build: {
    // Imported constants are written where they are used (contract/message-texts.ts: a start chunk keeps the few
    // messages it names instead of importing the file of all of them, DESIGN §10).
    rolldownOptions: { optimization: { inlineConst: true } },
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
  },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
      '/manifest.webmanifest': `http://localhost:${apiPort}`,
      // pusher-js talks to the embedded Pusher-protocol server on the API's port.
      '/app': { target: `ws://localhost:${apiPort}`, ws: true },
    },
  },
});
