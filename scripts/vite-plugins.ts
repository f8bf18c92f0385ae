import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { relative } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../src/i18n/languages.ts';
import { MANIFEST_CONTENT_TYPE, MANIFEST_PATH, manifestForHost } from '../src/config/manifest.ts';
import { checkRuntimeConfig } from '../src/config/schema.ts';
import { kb, measureInitialBundle } from './bundle-size.ts';
import { writeCompressedCopies } from './compressed-copies.ts';
import { awaitedKeys, COMPILE_HINT } from './critical-path.ts';

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
        const checked = checkRuntimeConfig(JSON.parse(readFileSync(file, 'utf8')));
        if (checked.ok) manifest = manifestForHost(checked.config, req.headers.host ?? '');
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

/**
 * A step on the build's output folder once everything is written, vite-plugin-pwa's service worker
 * included (it writes it in its own closeBundle): these steps run last, one after another, in the
 * order of the config's plugins.
 */
function afterBuild(name: string, step: (outDir: string) => void | Promise<void>): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: { order: 'post', sequential: true, handler: () => step(outDir) },
  };
}

/**
 * Compressed copies of the build's text files (scripts/compressed-copies.ts), made when every file is
 * final: the boot step and the compile hints change files in generateBundle (compression plugins that
 * work on the bundle would copy the files before those changes).
 */
export const compressedCopies = (): Plugin =>
  afterBuild('portal-compressed-copies', async (outDir) => console.log(`compressed copies (.gz, .br) of ${await writeCompressedCopies(outDir)} files`));

/** Prints the gzip size of the initial JS and CSS after every production build (as sent: after the compressed copies). */
export const reportInitialBundle = (): Plugin =>
  afterBuild('portal-initial-bundle', (outDir) => {
    const size = measureInitialBundle(outDir);
    console.log(`\ninitial JS  ${kb(size.jsGzip)} gzip (${size.js.length} files)`);
    console.log(`initial CSS ${kb(size.cssGzip)} gzip (${size.css.length} files)\n`);
  });

/**
 * React Router 7 in a production build. Its modules call React's factories without pure annotations
 * and write a `displayName` beside each component, so to a bundler every unused component (Form,
 * NavLink, ScrollRestoration, the route matcher…) looks like it has side effects and stays: 7.5 KB gzip
 * of the start's critical path. Marking those calls pure and leaving the names out (only React's
 * developer tools read them) lets tree-shaking drop what the portal does not use.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'portal-react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(/\b(React\d*)\.(createContext|forwardRef|memo)\(/g, '/* @__PURE__ */ $1.$2(')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      }),
    },
  };
}

/**
 * ionicons' package exports only its bundled icon module; the menu's icons are read one SVG file
 * each (src/shell/menu-icons.ts), so they load after the start instead of on its critical path.
 */
export const ICON_ALIASES = { 'ionicons-svg': fileURLToPath(new URL('../node_modules/ionicons/dist/svg', import.meta.url)) };

/** The boot step's source: the tag index.html names it with, and the input of its own build. */
const BOOT_STEP_ENTRY = 'src/frame-first.ts';

/**
 * The frame-first boot step (src/frame-first.ts over src/start/frame-first/boot-step.ts) in a build: one self-contained classic
 * script, `<script src>` where index.html's module tag for it stands (after the start spinner, which
 * is drawn without waiting for it), that runs as soon as it arrives. Two pages carry it:
 * - `start.html`, what the service worker answers every navigation with (a repeat start): the app's
 *   entry and preloads are not in the page but on the boot step's tag, and the boot step writes them
 *   in once the start frame exists, so the frame's document is always requested first whatever the
 *   preload scanner does;
 * - `index.html`, what the server answers (a first visit, or no worker): the entry stays in the page,
 *   requested with it, so a first visit does not wait for the boot step before asking for the app.
 * External, not inline: the Content-Security-Policy stays `script-src 'self'` for every release.
 * The dev server serves index.html's module tags as written.
 */
export function bootStepEntry(): Plugin[] {
  const devTag = `<script type="module" src="/${BOOT_STEP_ENTRY}"></script>`;
  const PLACE = '<!-- boot step -->';
  let boot: { fileName: string; code: string } | null = null;
  let startPage: string | null = null;
  const withoutDevTag: Plugin = {
    name: 'portal-boot-step:dev-tag',
    apply: 'build',
    // Before Vite reads the page's module scripts: it would fold this one into the app's entry.
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(devTag)) throw new Error(`index.html has no ${devTag}`);
        return html.replace(devTag, PLACE);
      },
    },
  };
  return [withoutDevTag, {
    name: 'portal-boot-step',
    apply: 'build',
    async buildStart() {
      const output = await rolldown({
        input: BOOT_STEP_ENTRY,
        transform: { define: { __APP_VERSION__: JSON.stringify(appVersion()) } },
        logLevel: 'warn',
      }).then((bundle) => bundle.generate({ format: 'iife', minify: true }));
      const code = output.output[0].code;
      boot = { fileName: `assets/frame-first-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`, code };
    },
    generateBundle: {
      // After Vite has written index.html (and so this plugin's start.html).
      order: 'post',
      handler() {
        if (!boot || !startPage) throw new Error('the boot step or start.html was not built');
        this.emitFile({ type: 'asset', fileName: boot.fileName, source: boot.code });
        this.emitFile({ type: 'asset', fileName: 'start.html', source: startPage });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!boot) throw new Error('the boot step was not built');
        if (!context.bundle || !context.chunk) throw new Error('index.html was transformed without its bundle');
        // Per language, and which one a start without a stored language uses.
        const byLanguage = LANGUAGES.map((language) => [language, awaitedFiles(context.bundle!, language)] as const);
        const awaited = `${byLanguage.map(([language, files]) => ` data-awaited-${language}="${files.join(' ')}"`).join('')} data-language="${DEFAULT_LANGUAGE}"`;
        // index.html (a first visit, no worker yet): what every language awaits (the signed-in shell) is
        // named in the page, so it is requested with the entry rather than once the boot step has run.
        const everyLanguage = byLanguage.reduce<string[]>((common, [, files]) => common.filter((file) => files.includes(file)), byLanguage[0]?.[1] ?? []);
        const earlyPreloads = everyLanguage.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
        // start.html: the entry and its preloads as Vite wrote them move onto the boot step's tag.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error("index.html has no entry script after Vite's build");
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let page = html.replace(entry[0], '');
        for (const preload of preloads) page = page.replace(preload[0], '');
        const tag = `<script src="/${boot.fileName}" data-entry="${entry[1]}" data-preload="${preloads.map((preload) => preload[1]).join(' ')}"${awaited}></script>`;
        startPage = page.replace(PLACE, tag);
        return html.replace('</head>', `${earlyPreloads}</head>`).replace(PLACE, `<script src="/${boot.fileName}"${awaited}></script>`);
      },
    },
  }];
}

/** What the bundle tells of a chunk that is enough to follow a start's imports. */
export type ChunkNode = Pick<OutputChunk, 'fileName' | 'name' | 'isEntry' | 'facadeModuleId' | 'imports'>;

/**
 * The chunks a start in this language runs: the entry with its static imports, and the awaited imports
 * of scripts/critical-path.ts (found by source path or group name) with theirs, as file names.
 */
export function startChunks(chunks: readonly ChunkNode[], language: string, keys: (language: string) => string[] = awaitedKeys): { entry: Set<string>; awaited: Set<string> } {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (chunk: ChunkNode, into: Set<string>): Set<string> => {
    if (into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) closure(next, into);
    }
    return into;
  };
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk, entry);
  const awaited = new Set<string>();
  for (const key of keys(language)) {
    const chunk = chunks.find((candidate) => candidate.name === key || (candidate.facadeModuleId && relative(process.cwd(), candidate.facadeModuleId) === key));
    if (!chunk) throw new Error(`${key} is not in the bundle: update scripts/critical-path.ts to follow the code`);
    for (const file of closure(chunk, new Set())) if (!entry.has(file)) awaited.add(file);
  }
  return { entry, awaited };
}

/**
 * The JS files a start in this language awaits beyond the entry's own: the boot step requests them
 * at once, instead of when the entry has run and asks for them.
 */
function awaitedFiles(bundle: OutputBundle, language: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  return [...startChunks(chunks, language).awaited].map((file) => `/${file}`);
}

/**
 * Puts V8's compile hint (COMPILE_HINT) on the chunks every start runs (startChunks, in every
 * language): most of their functions run before the shell is interactive, and on a handheld the main
 * thread is the start's bottleneck. The Chromium the benchmarks drive (156) never used a code cache
 * for a module script, even in a kept profile (a classic script's was used from its third load):
 * every start compiled the same ~1,600 functions lazily, on the main thread. Chunks loaded later
 * keep V8's lazy compilation.
 */
export function compileHints(keys: (language: string) => string[] = awaitedKeys): Plugin {
  return {
    name: 'portal-compile-hints',
    apply: 'build',
    // On the final code: minification keeps no ordinary comment. The names are hashed by then: a file
    // that gains or loses the hint in a later release (the awaited list changed) keeps its name, which
    // changes when its code is compiled, never what it does.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const hinted = new Set(
          LANGUAGES.flatMap((language) => {
            const { entry, awaited } = startChunks(chunks, language, keys);
            return [...entry, ...awaited];
          }),
        );
        for (const chunk of chunks) {
          if (!hinted.has(chunk.fileName)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The chunk's source map (a build with --sourcemap) starts one line lower.
          const map = bundle[chunk.sourcemapFileName ?? `${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
