import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './build-i18n.ts';
import { rendererBuildDefines } from './build-stamp.ts';
import { trustTestCaInChildProcesses } from './tests/oidc/test-ca.ts';

// The tests' OpenID provider (tests/oidc) serves HTTPS with a CA made for the run; the workers forked from here, and
// the account servers they start, trust it the standard way (NODE_EXTRA_CA_CERTS), never by turning checks off.
trustTestCaInChildProcesses();

export default defineConfig({
  test: {
    projects: [
      {
        // Unit tests sit beside the code they test.
        plugins: [i18nCatalogs()],
        test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.keychain.test.ts'], environment: 'node' },
        define: { __PORTAL_TARGET__: JSON.stringify('web'), ...rendererBuildDefines() },
      },
      {
        // Component tests (*.test.tsx) render React into jsdom and drive it with Testing Library, as a user would.
        plugins: [react(), i18nCatalogs()],
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/renderer/test-setup.ts'],
        },
        define: { __PORTAL_TARGET__: JSON.stringify('web'), ...rendererBuildDefines() },
      },
      {
        // The token vault against the real OS keychain; `npm run test:keychain` runs it inside a D-Bus session.
        test: { name: 'keychain', include: ['src/**/*.keychain.test.ts'], environment: 'node' },
      },
      {
        // Server tests start a real account server and talk to it over a real socket, on PGlite and PostgreSQL.
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // The built portal installed without dev dependencies (`npm run test:production`): slow, it builds and installs.
        test: { name: 'production', include: ['tests/production/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 240_000 },
      },
    ],
  },
});
