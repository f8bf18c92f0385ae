import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { LOOPBACK } from '../hosts.ts';
import { closeServer, portOf } from '../net.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface StandIn {
  port: number;
  origin: string;
  close(): Promise<void>;
}

/**
 * A tiny site standing in for the portal (or any other origin) in tests: serves fixed HTML per
 * path on loopback, reachable as http://localhost:<port>.
 */
export async function startStandIn(pages: Record<string, string>): Promise<StandIn> {
  const server: Server = createServer((req, res) => {
    const html = pages[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const port = portOf(server);
  return { port, origin: `http://localhost:${port}`, close: () => closeServer(server) };
}
