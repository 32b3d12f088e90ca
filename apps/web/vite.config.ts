import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './chunk-groups-plugin.ts';
import { deepImports } from './deep-imports-plugin.ts';
import { precompress } from './precompress-plugin.ts';
import { routePreloads } from './route-preloads-plugin.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  base: '/',
  plugins: [react(), deepImports(), chunkGroups(), precompress(), routePreloads()],
  server: {
    proxy: {
      // ws: the talks' realtime WebSocket lives under /api too.
      '/api': { target: apiTarget, ws: true },
      '/health': apiTarget,
      '/files': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    // The bundle-size benchmark reads chunk sizes from the manifest, the route preloads their chunks.
    manifest: true,
  },
});
