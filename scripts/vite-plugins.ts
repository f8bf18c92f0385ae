import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { MANIFEST_CONTENT_TYPE, MANIFEST_PATH, manifestForHost } from '../src/config/manifest.ts';
import { runtimeConfigSchema } from '../src/config/schema.ts';
import { kb, measureInitialBundle } from './bundle-size.ts';

/** `<package version>-<short commit>`, as the sidebar footer shows it (shell.md §1: 2.77.0-d34eb183). */
export function appVersion(): string {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  let commit = process.env.PORTAL_COMMIT ?? '';
  if (!commit) {
    try {
      commit = execSync('git rev-parse --short=8 HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    } catch {
      commit = 'local';
    }
  }
  return `${version}-${commit}`;
}

/**
 * Serves /config.json from the file named by PORTAL_CONFIG_FILE in dev and preview, so the local
 * stack can point the portal at its own addresses. Production servers place config.json beside the app.
 */
export function runtimeConfigFile(): Plugin {
  const serve = (server: ViteDevServer | PreviewServer) => {
    server.middlewares.use('/config.json', (_req, res, next) => {
      const file = process.env.PORTAL_CONFIG_FILE;
      if (!file) return next();
      let body: string;
      try {
        body = readFileSync(file, 'utf8');
      } catch {
        res.statusCode = 404;
        res.end('config not found');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-cache');
      res.end(body);
    });
  };
  return { name: 'portal-runtime-config', configureServer: serve, configurePreviewServer: serve };
}

/**
 * Answers /manifest.webmanifest with the brand of the request's host (src/config/manifest.ts), from
 * the same runtime config file, in dev and preview. nginx does the same from its generated map.
 */
export function brandManifestFile(): Plugin {
  const serve = (server: ViteDevServer | PreviewServer) => {
    server.middlewares.use(MANIFEST_PATH, (req, res, next) => {
      const file = process.env.PORTAL_CONFIG_FILE;
      if (!file) return next();
      let manifest = null;
      try {
        const parsed = runtimeConfigSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
        if (parsed.success) manifest = manifestForHost(parsed.data, req.headers.host ?? '');
      } catch {
        // unreadable config: the portal itself shows which problem; no manifest here
      }
      if (!manifest) {
        res.statusCode = 404;
        res.end('no brand for this host');
        return;
      }
      res.setHeader('content-type', MANIFEST_CONTENT_TYPE);
      res.setHeader('cache-control', 'no-cache');
      res.end(JSON.stringify(manifest));
    });
  };
  return { name: 'portal-brand-manifest', configureServer: serve, configurePreviewServer: serve };
}

/** Prints the gzip size of the initial JS and CSS after every production build. */
export function reportInitialBundle(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-initial-bundle',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const size = measureInitialBundle(outDir);
      console.log(`\ninitial JS  ${kb(size.jsGzip)} gzip (${size.js.length} files)`);
      console.log(`initial CSS ${kb(size.cssGzip)} gzip (${size.css.length} files)\n`);
    },
  };
}

/**
 * ionicons' package exports only its bundled icon module; the menu's icons are read one SVG file
 * each (src/shell/menu-icons.ts), so they load after the start instead of on its critical path.
 */
export const ICON_ALIASES = { 'ionicons-svg': fileURLToPath(new URL('../node_modules/ionicons/dist/svg', import.meta.url)) };
