import * as v from 'valibot';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema, type RuntimeConfigInput } from '../src/config/schema.ts';
import { createServer, type Server } from 'node:http';
import { contentSecurityPolicy, EXAMPLE, frameAncestorSources, FIREBASE_ORIGINS, FREE_PORT_RANGE, freePort, renderExample, renderServer, renderStandalone, startNginx } from './nginx-conf.ts';

const input: RuntimeConfigInput = {
  environment: 'production',
  brands: { hosts: {} },
  oidc: { authority: 'https://id.example.com/realms/staff', clientId: 'staff-portal', domain: 'example.com' },
  apps: {
    erp: 'https://erp.example.com/app/',
    warehouse: 'https://warehouse.example.com/v1',
    warehouseV2: 'https://warehouse.example.com/v2',
    pos: 'http://pos.example.com:8080',
  },
  api: { base: 'https://api.example.com/staff', flags: 'https://flags.example.com' },
  support: { defaultEmail: 'support@example.com' },
};
const config = (edit: Partial<RuntimeConfigInput> = {}) => v.parse(runtimeConfigSchema, { ...input, ...edit });
const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.slice(0, d.indexOf(' ')), d.slice(d.indexOf(' ') + 1)]));

describe('contentSecurityPolicy', () => {
  it('frames exactly the configured apps, by origin, each once', () => {
    expect(directives(contentSecurityPolicy(config())).get('frame-src')).toBe(
      'http://pos.example.com:8080 https://erp.example.com https://warehouse.example.com',
    );
  });

  it('frames the provider and itself too when a brand is for shared devices (their logout ends its session in a frame, back at the portal)', () => {
    const brand = { logo: '/l.svg', favicon: '/f.ico' };
    const framed = (hosts: Record<string, typeof brand & { sharedDevice?: object }>) => directives(contentSecurityPolicy(config({ brands: { hosts } }))).get('frame-src');
    expect(framed({ 'handheld.example.com': { ...brand, sharedDevice: {} } })).toBe("'self' http://pos.example.com:8080 https://erp.example.com https://id.example.com https://warehouse.example.com");
    expect(framed({ 'staff.example.com': brand })).toBe('http://pos.example.com:8080 https://erp.example.com https://warehouse.example.com');
  });

  it('frames nothing without apps', () => {
    expect(directives(contentSecurityPolicy(config({ apps: {} }))).get('frame-src')).toBe("'none'");
  });

  it('connects to the API origins the apps write to through the outbox', () => {
    const connect = directives(contentSecurityPolicy(config({ appApis: { pos: ['https://pos-api.example.com/v1/pos', 'https://api.example.com/pos'] } }))).get('connect-src');
    expect(connect).toBe("'self' https://api.example.com https://flags.example.com https://id.example.com https://pos-api.example.com");
  });

  it('connects to itself, every API origin (defaults included) and the provider', () => {
    expect(directives(contentSecurityPolicy(config())).get('connect-src')).toBe(
      "'self' https://api.example.com https://flags.example.com https://id.example.com",
    );
  });

  it('connects to Firebase only when push is configured', () => {
    const push = { notificationAppId: 'a', vapidKey: 'k', firebase: { apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a' } };
    const connect = directives(contentSecurityPolicy(config({ push }))).get('connect-src')?.split(' ');
    expect(connect).toEqual(expect.arrayContaining(FIREBASE_ORIGINS));
    expect(contentSecurityPolicy(config())).not.toContain('googleapis');
  });

  it('allows icons as data: URLs, its own manifest and the provider\'s pictures, and nothing inline for scripts', () => {
    const csp = directives(contentSecurityPolicy(config()));
    expect(csp.get('img-src')).toBe("'self' data: https://id.example.com");
    expect(csp.get('manifest-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(csp.get('worker-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
  });

  it('lets nobody frame the portal unless parents are configured', () => {
    expect(directives(contentSecurityPolicy(config())).get('frame-ancestors')).toBe("'none'");
    expect(directives(contentSecurityPolicy(config(), frameAncestorSources(['https://intranet.example.com/portal', 'https://a.example.com']))).get('frame-ancestors')).toBe(
      'https://a.example.com https://intranet.example.com',
    );
  });
});

describe('renderServer', () => {
  const options = { listen: '127.0.0.1:8080', root: '/srv/portal' };

  it('caches hashed assets for a year and revalidates everything else', () => {
    const text = renderServer(config(), options);
    expect(text).toContain('~^/assets/  "public, max-age=31536000, immutable";');
    expect(text).toContain('default     "no-cache";');
    expect(text).toContain('listen 127.0.0.1:8080;');
    expect(text).toContain('root /srv/portal;');
    expect(text).toMatch(/location \/ \{\n\s+try_files \$uri \/index\.html;/);
  });

  it('sends the security headers on every answer, errors included; the policy on all but a hashed script or style sheet', () => {
    const text = renderServer(config(), options);
    expect(text).toContain('add_header Content-Security-Policy $portal_content_security_policy always;');
    const policy = text.slice(text.indexOf('map $status$uri $portal_content_security_policy {'));
    expect(policy.slice(0, policy.indexOf('}'))).toBe(
      [
        'map $status$uri $portal_content_security_policy {',
        '    ~^(200|304)/assets/  "";',
        `    default "${contentSecurityPolicy(config(), '$portal_frame_ancestors')}";`,
        '',
      ].join('\n'),
    );
    expect(text).toContain('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');
    expect(text).toContain('add_header X-Content-Type-Options "nosniff" always;');
    // A location with its own add_header would silently drop the server's headers.
    expect(text.slice(text.indexOf('\n    location ')).match(/add_header/g)).toBeNull();
  });

  it('serves the runtime config from its own file only when asked', () => {
    expect(renderServer(config(), options)).not.toContain('/config.json');
    expect(renderServer(config(), { ...options, configFile: '/etc/portal/config.json' })).toContain('location = /config.json { alias /etc/portal/config.json; }');
  });

  it('compresses with brotli only when the module is said to be there', () => {
    expect(renderServer(config(), options)).not.toContain('brotli');
    expect(renderServer(config(), { ...options, brotli: true })).toMatch(/brotli_static on;\s*brotli on;[\s\S]*brotli_types text\/css/);
    expect(renderServer(config(), options)).toContain('gzip on;');
  });

  it("sends the build's compressed copies before compressing on the fly", () => {
    expect(renderServer(config(), options)).toMatch(/gzip_static on;\s*gzip on;/);
  });

  it("answers /manifest.webmanifest with each host's brand from a map on the host", () => {
    const brand = (appName: string, themeColor: string) => ({ appName, logo: '/l.svg', favicon: '/f.svg', themeColor });
    const text = renderServer(
      config({ brands: { default: brand('Staff Desktop', '#1e6fd9'), hosts: { 'staff.example.com:8443': brand("Đông Dương's $hub", '#0f7a4a'), 'Staff.Example.com': brand('Duplicate', '#000000') } } }),
      options,
    );
    const map = text.slice(text.indexOf('map $host $portal_manifest {'), text.indexOf('}\n', text.indexOf('map $host')));
    const entry = (key: string) => {
      const line = map.split('\n').find((candidate) => candidate.trim().startsWith(`${key} '`));
      return line && (JSON.parse(line.trim().slice(key.length + 2, -2).replaceAll('\\\\', '\\')) as { name: string; theme_color: string; id: string; start_url: string });
    };
    expect(entry('default')).toMatchObject({ name: 'Staff Desktop', id: '/', start_url: '/' });
    // The port goes (nginx's $host has none); the first key of a host wins; quotes and $ cannot break out.
    expect(entry('staff.example.com')).toMatchObject({ name: "Đông Dương's $hub", theme_color: '#0f7a4a' });
    expect(map).not.toContain('Duplicate');
    expect(map).not.toMatch(/[^\\]\$hub|'s /);
    expect(text).toMatch(/location = \/manifest\.webmanifest \{\n\s+default_type application\/manifest\+json;\n\s+if \(\$portal_manifest = ""\) \{ return 404; \}\n\s+return 200 \$portal_manifest;/);
    expect(renderServer(config(), options)).toContain('    default "";');
  });

  it('lets the portal alone frame its signed-out page (a shared device\'s logout frame), and the configured parents the rest', () => {
    const ancestors = (parents?: string[]) => {
      const text = renderServer(config(), { ...options, frameAncestors: parents });
      return text.slice(text.indexOf('map $uri $portal_frame_ancestors {'), text.indexOf('}\n', text.indexOf('map $uri $portal_frame_ancestors')));
    };
    expect(ancestors()).toContain(`/signed-out.html "'self'";`);
    expect(ancestors()).toContain(`default "'none'";`);
    expect(ancestors(['https://a.example.com/x'])).toContain('default "https://a.example.com";');
  });

  it('refuses a value that would break out of the quoted header', () => {
    expect(() => renderServer(config(), { ...options, frameAncestors: ['https://a.example.com"'] })).toThrow();
  });
});

describe('the committed example', () => {
  it(`${EXAMPLE.out} is what ${EXAMPLE.config} generates (run \`npm run nginx:example\` after changing either)`, () => {
    expect(readFileSync(EXAMPLE.out, 'utf8')).toBe(renderExample());
  });

  it("passes Debian's `nginx -t`, as a standalone configuration", () => {
    const prefix = mkdtempSync(join(tmpdir(), 'nginx-t-'));
    try {
      mkdirSync(join(prefix, 'tmp'));
      writeFileSync(join(prefix, 'nginx.conf'), renderStandalone(renderExample()));
      const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
      const args = ['-t', '-q', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', `pid ${join(prefix, 'nginx.pid')};`];
      expect(() => execFileSync(nginx, args, { stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe('freePort and startNginx', () => {
  const listenOn = (server: Server, port: number) => new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const closed = (server: Server) => new Promise((done) => server.close(done));

  it('finds a loopback port below the ephemeral range, passing over one in use', async () => {
    const { from, to } = FREE_PORT_RANGE;
    const busy = createServer();
    await listenOn(busy, await freePort());
    try {
      const busyPort = (busy.address() as { port: number }).port;
      expect(busyPort).toBeGreaterThanOrEqual(from);
      expect(busyPort).toBeLessThan(32_768);
      // The first draw lands on the busy port, the second anywhere else.
      const draws = [(busyPort - from + 0.5) / (to - from), busyPort - from < (to - from) / 2 ? 0.9 : 0.1];
      const port = await freePort(() => draws.shift() ?? Math.random());
      expect(port).not.toBe(busyPort);
      expect(draws).toEqual([]);
      const check = createServer();
      await listenOn(check, port);
      await closed(check);
    } finally {
      await closed(busy);
    }
  });

  it('does not take another server on its port for the nginx it started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-port-'));
    const other = createServer((_request, response) => response.end('<!doctype html><title>another server</title>'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
      writeFileSync(join(dir, 'config.json'), JSON.stringify(input));
      const port = await freePort();
      await listenOn(other, port);
      await expect(startNginx({ root: dir, runtimeConfigFile: join(dir, 'config.json'), port })).rejects.toThrow(/nginx did not start/);
    } finally {
      await closed(other);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
