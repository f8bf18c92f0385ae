import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appVersion, reportInitialBundle, runtimeConfigFile } from './scripts/vite-plugins.ts';

// @ionic/core declares no side-effect-free modules, so without this every Ionic component lands in
// the entry chunk. Its component modules only register custom elements when their wrapper is used.
const sideEffectFree = [/[\\/]@ionic[\\/]core[\\/]components[\\/]/, /[\\/]@ionic[\\/]react[\\/]dist[\\/]/, /[\\/]ionicons[\\/]/];

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion()),
  },
  server: { port: 5173, strictPort: true, host: 'localhost', allowedHosts: ['.localhost'] },
  preview: { port: 4173, strictPort: true, host: 'localhost', allowedHosts: ['.localhost'] },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => (sideEffectFree.some((pattern) => pattern.test(id)) ? false : undefined),
      },
    },
  },
  plugins: [
    react(),
    runtimeConfigFile(),
    reportInitialBundle(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['brand/*.svg'],
      manifest: {
        // The app replaces this default at run time with the brand of location.host (src/config/brand-dom.ts).
        name: 'Staff Desktop',
        short_name: 'Staff Desktop',
        description: 'Staff back-office portal',
        lang: 'vi',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e6fd9',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
});
