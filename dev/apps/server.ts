import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import ts from 'typescript';
import { APP_KEYS, type AppKey } from '../../src/config/app-keys.ts';
import { appHostName } from '../hosts.ts';
import { appPage, BROWSER_MODULES, hostilePage, MODULE_PREFIX, OFFLINE_SERVICE_WORKER, type AppsContext } from './pages.ts';
import { SCRATCH_APP_PREFIX, scratchAppDir } from './scratch-app.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const appByHost = new Map<string, AppKey>(APP_KEYS.map((key) => [appHostName(key), key]));

/** Transpiles a browser module on each request, so edits show on reload without a build step. */
async function transpile(path: string): Promise<string> {
  const source = await readFile(REPO_ROOT + path, 'utf8');
  return ts.transpileModule(source, {
    fileName: path,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  }).outputText;
}

/**
 * The sample embedded apps: one server, one origin per app key (`<kebab-key>.portal.localhost`),
 * dispatching on the Host header. Any other host gets the hostile test page.
 */
export async function createAppsServer(server: Server, context: AppsContext): Promise<FastifyInstance> {
  const app = Fastify({ serverFactory: (handler) => server.on('request', handler), logger: false });
  // Page views per app, as the pages report them (only while shown: a warm frame counts none until then);
  // third-party frames may not use storage, so the count lives on the server. Each page also names its
  // document, so a test can ask what one frame counted while tests on other workers count too.
  // Keys: the app key, and the app key with the document's name.
  const pageViews = new Map<string, number>();

  for (const path of BROWSER_MODULES) {
    app.get(MODULE_PREFIX + path, async (request, reply) => {
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache');
      // The offline apps' worker lives under /__sample/ but controls the whole app origin.
      if (request.url === OFFLINE_SERVICE_WORKER) reply.header('service-worker-allowed', '/');
      return transpile(path);
    });
  }

  // Browsers ask every top-level page for one; it must not count as a page view.
  app.get('/favicon.ico', (_request, reply) => reply.code(204).send());

  // POST counts one (the page reports a route shown) and answers the app's count; GET only reads a count
  // (for tests): the app's, or with ?document= the views that one document counted.
  app.route({
    method: ['GET', 'POST'],
    url: '/__sample/page-view',
    handler: async (request, reply) => {
      const key = appByHost.get(request.hostname);
      if (!key) return reply.code(404).send();
      const documentId = new URL(request.url, 'http://app').searchParams.get('document');
      const add = (countKey: string) => {
        pageViews.set(countKey, (pageViews.get(countKey) ?? 0) + (request.method === 'POST' ? 1 : 0));
        return pageViews.get(countKey)!;
      };
      const appViews = add(key);
      const documentViews = documentId === null ? null : add(`${key} ${documentId}`);
      const answer = request.method === 'GET' && documentViews !== null ? documentViews : appViews;
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(String(answer));
    },
  });

  // An app built outside the workspace (scratch-app.ts): its files, and its page for any route asked with ?scratch-app.
  const SCRATCH_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
  const sendScratchFile = async (localPort: number | undefined, file: string, reply: FastifyReply) => {
    const root = scratchAppDir(localPort ?? 0);
    const path = resolve(root, file);
    if (!path.startsWith(root + sep)) return reply.code(404).send();
    try {
      const body = await readFile(path);
      return reply.type(SCRATCH_TYPES[extname(path)] ?? 'application/octet-stream').header('cache-control', 'no-store').send(body);
    } catch {
      return reply.code(404).type('text/plain; charset=utf-8').send('No scratch app here: a test puts one in ' + root);
    }
  };
  app.get(SCRATCH_APP_PREFIX + '*', (request, reply) => sendScratchFile(request.socket.localPort, decodeURIComponent(request.url.slice(SCRATCH_APP_PREFIX.length).split('?')[0] ?? ''), reply));

  app.get('/*', async (request, reply) => {
    const key = appByHost.get(request.hostname);
    const scratch = new URL(request.url, 'http://app').searchParams.get('scratch-app');
    if (key && scratch !== null) return sendScratchFile(request.socket.localPort, scratch === 'classic' ? 'classic.html' : 'index.html', reply);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!key) return hostilePage(request.host);
    return appPage(key, request.url, context);
  });

  await app.ready();
  return app;
}
