import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Standalone web build of the renderer, served by the account server from dist/web.
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: '/',
  plugins: [react()],
  define: { __PORTAL_TARGET__: JSON.stringify('web') },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev`: the account server runs on 3000; the dev server proxies socket.io and HTTP calls to it.
    port: 5173,
    proxy: {
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
      '/oauth2': 'http://127.0.0.1:3000',
      '/auth': 'http://127.0.0.1:3000',
      '/portal-config.json': 'http://127.0.0.1:3000',
      '/products': 'http://127.0.0.1:3000',
    },
  },
});
