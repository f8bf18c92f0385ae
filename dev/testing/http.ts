import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { LookupFunction } from 'node:net';
import { LOOPBACK } from '../hosts.ts';

/**
 * HTTP from Node to the stack's *.localhost addresses: connects to 127.0.0.1 and keeps the real
 * Host header (glibc may not resolve *.localhost, and fetch() does not let a caller set Host).
 */

export interface LoopbackResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as sent (still compressed when the answer says content-encoding). */
  bytes: Buffer;
  json<T = unknown>(): T;
}

export interface LoopbackRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: LOOPBACK, family: 4 }]);
  else callback(null, LOOPBACK, 4);
};

export function request(url: string, { method = 'GET', headers = {}, body }: LoopbackRequest = {}): Promise<LoopbackResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, lookup: toLoopback }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, bytes, json: <T>() => JSON.parse(text) as T });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A JSON call with a bearer token, as the portal makes it. */
export function callApi(url: string, token: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const body = init.body === undefined || typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  return request(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
}
