import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from './hosts.ts';

/**
 * Binds a plain HTTP server on loopback before anything is attached to it, so a caller asking for
 * port 0 learns the real port before it builds the URLs (issuer, origins) its handlers need.
 */
export function listenLoopback(port: number, what: string): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `${what}: port ${port} on ${LOOPBACK} is already in use (stop the other process or choose another port)`
            : `${what}: cannot listen on ${LOOPBACK}:${port}: ${error.message}`,
        ),
      );
    });
    server.listen(port, LOOPBACK, () => resolve(server));
  });
}

export const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** Closes a server without waiting for idle keep-alive connections (browsers hold them open). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
