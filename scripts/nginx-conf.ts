/**
 * nginx configuration for the built portal, generated from the runtime config it will serve so the
 * Content-Security-Policy never drifts from the configured origins.
 *
 *   tsx scripts/nginx-conf.ts --config <config.json> [--listen 80] [--root /usr/share/nginx/staff-portal]
 *       [--config-file /etc/staff-portal/config.json] [--frame-ancestors <origin>,...] [--brotli] [--out <file>]
 *   tsx scripts/nginx-conf.ts --example    # rewrites deploy/nginx/portal.conf from deploy/config.example.json
 *
 * The output is a file for nginx's `http` context (Debian: /etc/nginx/conf.d/): a `map` and a `server`.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brandManifest, MANIFEST_CONTENT_TYPE, MANIFEST_PATH } from '../src/config/manifest.ts';
import { checkRuntimeConfig, type RuntimeConfig } from '../src/config/schema.ts';
import { SIGNED_OUT_FRAME_PATH } from '../src/session/sign-in-settings.ts';

export interface NginxOptions {
  /** `listen` parameter: a port, or address:port. */
  listen: string;
  /** The built portal (dist/) on the server. */
  root: string;
  /** Serve /config.json from this file instead of `<root>/config.json` (config kept outside the release). */
  configFile?: string;
  /** Origins allowed to frame the portal; none given means nobody may (frame-ancestors 'none'). */
  frameAncestors?: string[];
  /** Emit brotli directives: only for an nginx with ngx_brotli loaded (Debian's nginx-light has none). */
  brotli?: boolean;
}

/** Firebase Cloud Messaging's endpoints that `getToken` calls (installations, then the registration). */
export const FIREBASE_ORIGINS = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

const originOf = (url: string) => new URL(url).origin;
const unique = (origins: string[]) => [...new Set(origins)].sort();
const sources = (list: string[]) => list.join(' ');

const hasSharedDevice = (config: RuntimeConfig) =>
  config.brands.default?.sharedDevice !== undefined || Object.values(config.brands.hosts).some((brand) => brand.sharedDevice !== undefined);

/** Who may frame the portal: the configured parents (origins of them), or nobody. */
export function frameAncestorSources(parents: string[] = []): string {
  return parents.length > 0 ? sources(unique(parents.map(originOf))) : "'none'";
}

/** The portal's Content-Security-Policy for a runtime config; `frameAncestors` is the directive's value (sources, or an nginx variable). */
export function contentSecurityPolicy(config: RuntimeConfig, frameAncestors = frameAncestorSources()): string {
  const provider = originOf(config.oidc.authority);
  const apps = unique(Object.values(config.apps).map(originOf));
  // The shell's own calls, and the outbox's writes for the apps (appApis).
  const apis = unique([...Object.values(config.api), ...Object.values(config.appApis).flat()].map(originOf));
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    // 'wasm-unsafe-eval': the scanner's decoder (WebAssembly, from the portal's own origin) may compile; no eval of scripts.
    ['script-src', "'self' 'wasm-unsafe-eval'"],
    // Ionic's components inject <style> elements at run time (no nonce support) and index.html has the
    // boot spinner's <style>: with 'self' alone both are blocked and the shell stays invisible.
    ['style-src', "'self' 'unsafe-inline'"],
    // data: for the menu icons (CSS mask images), the provider for user pictures.
    ['img-src', sources(["'self'", 'data:', provider])],
    ['connect-src', sources(["'self'", ...unique([...apis, provider, ...(config.push ? FIREBASE_ORIGINS : [])])])],
    // A shared device ends the provider's session in a hidden frame, which the provider sends back to
    // the portal's signed-out page (src/session/provider-logout.ts).
    ['frame-src', ((framed) => (framed.length > 0 ? sources(framed) : "'none'"))(hasSharedDevice(config) ? ["'self'", ...unique([...apps, provider])] : apps)],
    // /manifest.webmanifest, answered per host (src/config/manifest.ts).
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

// application/wasm: the scanner's decoder (1.1 MB, about 0.45 MB gzip), compressed as it is sent.
const TEXT_TYPES = `text/css text/plain application/javascript application/json ${MANIFEST_CONTENT_TYPE} image/svg+xml application/wasm`;

/** nginx quotes a parameter with "…"; the values here are origins and keywords, which never hold one. */
function quoted(value: string): string {
  if (/["\\\n]/.test(value)) throw new Error(`cannot quote ${JSON.stringify(value)} for nginx`);
  return `"${value}"`;
}

/**
 * A JSON text as an nginx single-quoted string: nginx turns `\\` back into one backslash, and map
 * values interpolate `$name`, so `'` and `$` become JSON's own \u escapes.
 */
function nginxJson(value: unknown): string {
  return `'${JSON.stringify(value).replaceAll('\\', '\\\\').replaceAll("'", '\\u0027').replaceAll('$', '\\u0024')}'`;
}

/**
 * The web app manifest per host, as a `map` on nginx's `$host` (no port, lower case): each configured
 * host's brand, the default brand for any other host, or nothing (a 404) without one.
 */
export function renderManifestMap(config: RuntimeConfig): string[] {
  const seen = new Set<string>();
  const hosts: string[] = [];
  for (const [host, brand] of Object.entries(config.brands.hosts)) {
    const name = host.replace(/:\d+$/, '').toLowerCase();
    if (seen.has(name) || !/^[a-z0-9.-]+$/.test(name)) continue; // host:port keys share their host's entry
    seen.add(name);
    hosts.push(`    ${name} ${nginxJson(brandManifest(brand))};`);
  }
  return [
    '# The brand\'s web app manifest per host (src/config/manifest.ts): one stable address, each brand its own.',
    'map $host $portal_manifest {',
    `    default ${config.brands.default ? nginxJson(brandManifest(config.brands.default)) : '""'};`,
    ...hosts,
    '}',
  ];
}

/** The `map` and `server` blocks for nginx's http context. */
export function renderServer(config: RuntimeConfig, options: NginxOptions): string {
  // The build's own compressed copies first (scripts/compressed-copies.ts), compression on the fly for
  // what has none (small files, the manifest, config.json).
  const compression = [
    'gzip_static on;',
    'gzip on;',
    'gzip_vary on;',
    'gzip_comp_level 6;',
    'gzip_min_length 1024;',
    `gzip_types ${TEXT_TYPES};`,
    ...(options.brotli ? ['brotli_static on;', 'brotli on;', 'brotli_comp_level 6;', 'brotli_min_length 1024;', `brotli_types ${TEXT_TYPES};`] : []),
  ];
  const configLocation = options.configFile
    ? ['', '    # The runtime config lives outside the release, so a deployment does not overwrite it.', `    location = /config.json { alias ${options.configFile}; }`]
    : [];
  return [
    '# Hashed build output never changes under its name; everything else must be revalidated on every',
    '# use: index.html and sw.js name the current release, config.json and the manifest change without one.',
    'map $uri $portal_cache_control {',
    '    ~^/assets/  "public, max-age=31536000, immutable";',
    '    default     "no-cache";',
    '}',
    '',
    ...renderManifestMap(config),
    '',
    '# The policy governs documents and workers. A hashed script or style sheet is neither: without it, each',
    '# of the ~30 a handheld\'s first start fetches over HTTP/1.1 is 1.4 KB lighter (errors keep it: pages).',
    'map $status$uri $portal_content_security_policy {',
    '    ~^(200|304)/assets/  "";',
    `    default ${quoted(contentSecurityPolicy(config, '$portal_frame_ancestors'))};`,
    '}',
    '',
    "# Nobody frames the portal but its configured parents, except for its signed-out page: a shared device's",
    "# logout ends in the portal's own hidden frame there (src/session/provider-logout.ts).",
    'map $uri $portal_frame_ancestors {',
    `    ${SIGNED_OUT_FRAME_PATH} "'self'";`,
    `    default ${quoted(frameAncestorSources(options.frameAncestors))};`,
    '}',
    '',
    'server {',
    `    listen ${options.listen};`,
    `    root ${options.root};`,
    '    index index.html;',
    '    server_tokens off;',
    '',
    ...compression.map((line) => `    ${line}`),
    '',
    '    # `always`: error pages carry the security headers too. A `location` with its own add_header',
    '    # would drop all of these, so no location below has one.',
    '    add_header Content-Security-Policy $portal_content_security_policy always;',
    '    add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
    '    add_header X-Content-Type-Options "nosniff" always;',
    '    # Without `always`: a 404 for a missing hashed file must not be cached for a year.',
    '    add_header Cache-Control $portal_cache_control;',
    ...configLocation,
    '',
    `    location = ${MANIFEST_PATH} {`,
    `        default_type ${MANIFEST_CONTENT_TYPE};`,
    '        if ($portal_manifest = "") { return 404; }',
    '        return 200 $portal_manifest;',
    '    }',
    '',
    '    # A last path segment with a dot names a file (the service worker\'s navigation route uses the',
    '    # same rule): a missing one is a 404, never the app\'s HTML under a script\'s name.',
    '    location ~ \\.[^/]+$ {',
    '        try_files $uri =404;',
    '    }',
    '',
    '    # Every other path is a route of the single-page app.',
    '    location / {',
    '        try_files $uri /index.html;',
    '    }',
    '}',
    '',
  ].join('\n');
}

/**
 * A complete nginx.conf around the server block for running nginx unprivileged with `-p <prefix>`:
 * logs and temporary files stay inside the prefix. Used by tests and benchmarks, not for deployment.
 */
export function renderStandalone(server: string, user = userInfo().username): string {
  return [
    // Only takes effect when started as root: nginx would otherwise switch its workers to nobody,
    // who cannot read a tester's temporary files.
    `user ${user};`,
    'worker_processes 1;',
    'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    access_log off;',
    '    sendfile on;',
    '    client_body_temp_path tmp/client_body;',
    '    proxy_temp_path tmp/proxy;',
    '    fastcgi_temp_path tmp/fastcgi;',
    '    uwsgi_temp_path tmp/uwsgi;',
    '    scgi_temp_path tmp/scgi;',
    ...server.trimEnd().split('\n').map((line) => (line ? `    ${line}` : '')),
    '}',
    '',
  ].join('\n');
}

export function readRuntimeConfig(file: string): RuntimeConfig {
  const checked = checkRuntimeConfig(JSON.parse(readFileSync(file, 'utf8')));
  if (!checked.ok) {
    throw new Error(`${file} is not a valid runtime config:\n  ${checked.issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n  ')}`);
  }
  return checked.config;
}

/** The committed example: `npm run nginx:example` rewrites it and a unit test fails when it is stale. */
export const EXAMPLE = {
  config: 'deploy/config.example.json',
  out: 'deploy/nginx/portal.conf',
  options: { listen: '80', root: '/usr/share/nginx/staff-portal', configFile: '/etc/staff-portal/config.json' } satisfies NginxOptions,
};

export function renderExample(): string {
  return [
    `# Generated by scripts/nginx-conf.ts from ${EXAMPLE.config} (npm run nginx:example): do not edit.`,
    '# Include it in nginx\'s http context, e.g. as /etc/nginx/conf.d/staff-portal.conf.',
    '',
    renderServer(readRuntimeConfig(EXAMPLE.config), EXAMPLE.options),
  ].join('\n');
}

export interface RunningNginx {
  /** The portal's address for the browser: the local stack's default brand, on the apps' site (as in production). */
  origin: string;
  /** The same server for Node, which must not resolve *.localhost names (glibc may not). */
  loopback: string;
  close(): Promise<void>;
}

/** A port free on loopback now (the stack must know the portal's port before nginx starts). */
/**
 * Where `freePort` looks: below Linux's ephemeral range (32768–60999), from which every `listen(0)`
 * of a concurrent test's stack takes its port. A port found free there and bound a moment later
 * cannot have been handed to one of them meanwhile.
 */
export const FREE_PORT_RANGE = { from: 20_000, to: 32_000 } as const;

/** A loopback port nothing listens on, for a server the caller starts a little later (nginx). */
export async function freePort(random: () => number = Math.random): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FREE_PORT_RANGE.from + Math.floor(random() * (FREE_PORT_RANGE.to - FREE_PORT_RANGE.from));
    const server = createServer();
    const bound = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (!bound) continue;
    await new Promise((done) => server.close(done));
    return port;
  }
  throw new Error(`no free loopback port between ${FREE_PORT_RANGE.from} and ${FREE_PORT_RANGE.to}`);
}

/**
 * Starts Debian's nginx (NGINX_PATH, default /usr/sbin/nginx) as the current user on a loopback port,
 * serving `root` with the configuration generated from `runtimeConfigFile` (also served as /config.json).
 */
export async function startNginx(options: { root: string; runtimeConfigFile: string; port: number }): Promise<RunningNginx> {
  const { port } = options;
  const prefix = await mkdtemp(join(tmpdir(), 'staff-portal-nginx-'));
  await mkdir(join(prefix, 'tmp'));
  const server = renderServer(readRuntimeConfig(options.runtimeConfigFile), {
    listen: `127.0.0.1:${port}`,
    root: resolve(options.root),
    configFile: resolve(options.runtimeConfigFile),
  });
  const conf = join(prefix, 'nginx.conf');
  await writeFile(conf, renderStandalone(server));
  const child = spawn(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-p', prefix, '-c', conf, '-g', `daemon off; pid ${join(prefix, 'nginx.pid')};`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(prefix, { recursive: true, force: true });
  };
  const origin = `http://portal.localhost:${port}`;
  const loopback = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    // Only this nginx counts: another server on the port (nginx then exits, the address in use) would
    // answer too, and a test would drive its pages instead of the portal's.
    const answer = await fetch(`${loopback}/index.html`).catch(() => null);
    if (answer && answer.headers.get('server') === 'nginx' && child.exitCode === null) return { origin, loopback, close };
    await new Promise((done) => setTimeout(done, 50));
  }
  await close();
  throw new Error(`nginx did not start on ${origin}:\n${stderr}`);
}

function main() {
  const { values } = parseArgs({
    options: {
      config: { type: 'string' },
      listen: { type: 'string', default: '80' },
      root: { type: 'string', default: EXAMPLE.options.root },
      'config-file': { type: 'string' },
      'frame-ancestors': { type: 'string' },
      brotli: { type: 'boolean', default: false },
      out: { type: 'string' },
      example: { type: 'boolean', default: false },
    },
  });
  let text: string;
  let out = values.out;
  if (values.example) {
    text = renderExample();
    out = EXAMPLE.out;
  } else {
    if (!values.config) throw new Error('--config <runtime config JSON> is required (or --example)');
    text = renderServer(readRuntimeConfig(values.config), {
      listen: values.listen,
      root: values.root,
      configFile: values['config-file'],
      frameAncestors: values['frame-ancestors']?.split(',').filter(Boolean),
      brotli: values.brotli,
    });
  }
  if (!out) {
    process.stdout.write(text);
    return;
  }
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
