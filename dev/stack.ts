import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppKey } from '../src/config/app-keys.ts';
import { createApi } from './api/server.ts';
import { createAppsServer } from './apps/server.ts';
import { BUILT_IN_FIXTURES, loadFixtures, type Fixtures } from './fixture-loader.ts';
import { apiOrigin, issuerUrl, LOOPBACK, portalOrigins } from './hosts.ts';
import { createSigningKeys } from './idp/keys.ts';
import { createIdentityProvider } from './idp/provider.ts';
import { closeServer, listenLoopback, portOf } from './net.ts';
import { appOrigins, buildStackConfig } from './stack-config.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DEFAULT_PORTS = { idp: 4000, api: 4100, apps: 4200, portalDev: 5173, portalPreview: 4173 } as const;

export interface StackOptions {
  /** 0 picks a free port (tests). */
  ports?: { idp?: number; api?: number; apps?: number };
  fixturesDir?: string;
  /** Default access-token lifetime in seconds (fixture users may set their own). */
  accessTokenTtl?: number;
  /** Seconds a rotated refresh token is still accepted (dev/idp/reuse-window.ts). */
  refreshTokenReuseS?: number;
  /**
   * 'dev': vite dev server, 'preview': vite preview of dist/ (both on `port`, 0 = free);
   * 'none': no portal server, e.g. tests that only need the provider, API and apps.
   */
  portal?: { mode: 'dev' | 'preview'; port: number } | { mode: 'none' };
  /** Ports whose portal origins the provider and API accept (redirects, CORS); the portal's own port is added. */
  portalOriginPorts?: number[];
}

export interface Stack {
  fixtures: Fixtures;
  issuer: string;
  api: string;
  apps: Record<AppKey, string>;
  ports: { idp: number; api: number; apps: number; portal: number | null };
  /** The portal's address on this machine, or null without a portal server. */
  portal: string | null;
  portalOrigins: string[];
  /** The generated runtime config (also what the portal serves as /config.json). */
  configFile: string;
  close(): Promise<void>;
}

interface PortalServer {
  port: number;
  close(): Promise<void>;
}

/** Starts vite (dev or preview) on loopback; /config.json comes from PORTAL_CONFIG_FILE (scripts/vite-plugins.ts). */
async function startPortal(mode: 'dev' | 'preview', port: number): Promise<PortalServer> {
  const vite = await import('vite');
  const configFile = join(REPO_ROOT, 'vite.config.ts');
  const listen = { port, strictPort: true, host: LOOPBACK };
  if (mode === 'preview') {
    if (!existsSync(join(REPO_ROOT, 'dist', 'index.html'))) {
      throw new Error('dist/ has no build: run `npm run build` before `tsx dev/start.ts --preview`');
    }
    const server = await vite.preview({ root: REPO_ROOT, configFile, preview: listen });
    return { port: portOf(server.httpServer as Server), close: () => server.close() };
  }
  const server = await vite.createServer({ root: REPO_ROOT, configFile, server: listen });
  await server.listen();
  return { port: portOf(server.httpServer as Server), close: () => server.close() };
}

/**
 * Starts the identity provider, API, sample apps and (optionally) the portal, all on loopback.
 * Fixtures are validated first: an invalid folder throws a FixtureError before anything listens.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const fixtures = loadFixtures(options.fixturesDir ?? BUILT_IN_FIXTURES);
  const portalOption = options.portal ?? { mode: 'none' };
  const servers: Server[] = [];
  let portal: PortalServer | null = null;
  let configDir: string | null = null;
  const close = async () => {
    await portal?.close();
    await Promise.all(servers.map(closeServer));
    if (configDir) await rm(configDir, { recursive: true, force: true });
  };

  try {
    const listen = async (port: number, what: string) => {
      const server = await listenLoopback(port, what);
      servers.push(server);
      return server;
    };
    const idpServer = await listen(options.ports?.idp ?? DEFAULT_PORTS.idp, 'identity provider');
    const apiServer = await listen(options.ports?.api ?? DEFAULT_PORTS.api, 'API');
    const appsServer = await listen(options.ports?.apps ?? DEFAULT_PORTS.apps, 'sample apps');
    const ports = { idp: portOf(idpServer), api: portOf(apiServer), apps: portOf(appsServer) };
    const issuer = issuerUrl(ports.idp);
    const api = apiOrigin(ports.api);

    // The config file exists before the portal starts; vite reads it on every /config.json request.
    configDir = await mkdtemp(join(tmpdir(), 'staff-portal-stack-'));
    const configFile = join(configDir, 'config.json');
    await writeFile(configFile, `${JSON.stringify(buildStackConfig(ports, fixtures.portal), null, 2)}\n`);
    if (portalOption.mode !== 'none') {
      process.env.PORTAL_CONFIG_FILE = configFile;
      portal = await startPortal(portalOption.mode, portalOption.port);
    }
    const origins = portalOrigins([...(portal ? [portal.port] : []), ...(options.portalOriginPorts ?? [])]);

    const keys = await createSigningKeys();
    idpServer.on(
      'request',
      createIdentityProvider({
        issuer,
        apiAudience: api,
        portalOrigins: origins,
        users: fixtures.users,
        keys,
        accessTokenTtl: options.accessTokenTtl ?? 3600,
        refreshTokenReuseS: options.refreshTokenReuseS,
      }),
    );
    await createApi(apiServer, { issuer, audience: api, jwks: keys.publicJwks, portalOrigins: origins, fixtures });
    await createAppsServer(appsServer, { api, products: fixtures.pos.products });

    return {
      fixtures,
      issuer,
      api,
      apps: appOrigins(ports.apps),
      ports: { ...ports, portal: portal?.port ?? null },
      portal: portal ? `http://portal.localhost:${portal.port}` : null,
      portalOrigins: origins,
      configFile,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
