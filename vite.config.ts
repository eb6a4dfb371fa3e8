import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { creditsPlugin } from './scripts/credits.ts';

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  plugins: [
    // Lingui macros must be compiled before the React transform (lingui/js-lingui discussion #2657).
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    // /cliline's list of the open-source packages shipped, read from node_modules at build time (scripts/credits.ts).
    creditsPlugin(import.meta.dirname),
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
        globIgnores: ['icons/*-512.png'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
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
