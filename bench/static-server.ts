import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A small static server for the Luigi shell, with the same treatment nginx gives the portal: gzip,
 * a year of caching under the `immutable` path prefixes (library files a real deployment would hash)
 * and revalidation for the rest; a missing file is a 404 and any other path gets index.html (Luigi's
 * path routing). `host` names the origin the browser uses (it listens on loopback).
 */
export async function serveStatic(root: string, immutable: string[], host: string): Promise<StaticServer> {
  // Compressed once, so compression time never counts in a measured load (nginx is as quick).
  const cache = new Map<string, { raw: Buffer; gzip: Buffer }>();
  const read = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const raw = readFileSync(file);
      entry = { raw, gzip: gzipSync(raw, { level: 6 }) };
      cache.set(file, entry);
    }
    return entry;
  };
  const server: Server = createServer((req, res) => {
    const pathname = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let file = join(root, pathname);
    if (!file.startsWith(root) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      if (extname(pathname)) {
        res.writeHead(404).end();
        return;
      }
      file = join(root, 'index.html');
    }
    const body = read(file);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable.some((prefix) => pathname.startsWith(prefix)) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? body.gzip : body.raw);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
