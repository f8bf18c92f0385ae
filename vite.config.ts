import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appVersion, bootStepEntry, brandManifestFile, compileHints, compressedCopies, ICON_ALIASES, reactRouterTreeShaking, reportInitialBundle, runtimeConfigFile } from './scripts/vite-plugins.ts';

// @ionic/core declares no side-effect-free modules, so without this every Ionic component lands in
// the entry chunk. Its component modules only register custom elements when their wrapper is used.
// The start's public entry only re-exports (a barrel): side-effect-free, and with Rolldown's lazy
// barrel, the page's entry takes only what it uses through it (release recovery, the early snapshot
// read) while the rest stays in the signed-in chunk (without it: four more files on the critical path).
const sideEffectFree = [/[\\/]@ionic[\\/]core[\\/]components[\\/]/, /[\\/]@ionic[\\/]react[\\/]dist[\\/]/, /[\\/]ionicons[\\/]/, /[\\/]src[\\/]start[\\/]index\.ts$/];

export default defineConfig({
  resolve: { alias: ICON_ALIASES },
  define: {
    __APP_VERSION__: JSON.stringify(appVersion()),
  },
  server: { port: 5173, strictPort: true, host: 'localhost', allowedHosts: ['.localhost'] },
  preview: { port: 4173, strictPort: true, host: 'localhost', allowedHosts: ['.localhost'] },
  build: {
    manifest: true,
    target: 'es2022',
    // Every browser the staff use (Chromium on handhelds and desktops, Safari 17+, Firefox 115+) reads
    // <link rel="modulepreload"> itself; the polyfill only cost the entry its bytes.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      treeshake: {
        moduleSideEffects: (id: string) => (sideEffectFree.some((pattern) => pattern.test(id)) ? false : undefined),
      },
      output: {
        // What every start runs besides the entry, as one file: the libraries, Vite's preload helper, and
        // the small modules that lazy parts share too (the page frame, permissions, the catalogue's
        // definitions, upgrade windows, local storage). Rolldown would otherwise cut them into many small
        // chunks, each a request and a gzip frame. (Rolldown keeps its own runtime apart whatever the groups say.)
        // Only the app's own copy of a library. IndexedDB's wrapper (idb) is not among them: the start reads
        // its snapshot without it (offline/early-read.ts), and the cache and the outbox load it behind the first screen.
        // The frame protocol's shared constants and checks (protocol.ts) are here too: the shell's parser, the outbox's
        // and the scanner's lazy chunks use them.
        advancedChunks: {
          groups: [
            {
              name: 'start',
              test: /^(?!.*node_modules[\\/].*node_modules[\\/]).*node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|valibot)[\\/]|^\0vite[\\/]preload-helper|src[\\/](ui[\\/]Page\.tsx|gating[\\/]permissions\.ts|catalogue[\\/](define|page-builder)\.ts|maintenance[\\/]windows\.ts|storage[\\/](web-storage|tab|problems|keys|local)\.ts)$|packages[\\/]frame-client[\\/]protocol\.ts$/,
            },
            // A language's two namespaces that every start awaits together: one file.
            {
              name: (id: string) => /[\\/]i18n[\\/]locales[\\/](\w+)[\\/](translation|routes)\.json$/.exec(id)?.[1]?.replace(/^/, 'locale-') ?? null,
              test: /[\\/]i18n[\\/]locales[\\/]\w+[\\/](translation|routes)\.json$/,
            },
          ],
        },
      },
    },
  },
  // The texts as one default export each (i18n/index.ts reads only that): a named export per top-level key
  // cost the start 0.4 KB, and without them Vite makes the large ones JSON.parse of a string.
  json: { namedExports: false },
  plugins: [
    react(),
    reactRouterTreeShaking(),
    bootStepEntry(),
    compileHints(),
    runtimeConfigFile(),
    brandManifestFile(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // No build-time manifest: /manifest.webmanifest answers each host's brand (src/config/manifest.ts),
      // linked from index.html; a precached copy would give every brand the same one.
      manifest: false,
      // The brands' images and the app icons (favicon, manifest icons, the default seller logo): an offline
      // start asks for them too.
      includeAssets: ['brand/*.svg', 'icons/*'],
      injectManifest: {
        // wasm: the scanner's decoder (src/scanner/decoder.ts), so the camera reads offline too.
        globPatterns: ['**/*.{js,css,html,wasm}'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    compressedCopies(),
    reportInitialBundle(),
  ],
});
