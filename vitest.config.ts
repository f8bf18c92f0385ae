import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ICON_ALIASES } from './scripts/vite-plugins.ts';

export default defineConfig({
  resolve: { alias: ICON_ALIASES },
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  plugins: [react()],
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'packages/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      },
      {
        extends: true,
        test: {
          // The local stack's servers and scripts, tested over real HTTP on loopback.
          name: 'node',
          include: ['dev/**/*.test.ts', 'scripts/**/*.test.ts', 'sw/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
