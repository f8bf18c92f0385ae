import type { Server } from 'node:http';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { z } from 'zod';
import type { Fixtures, FixtureUser } from '../fixture-loader.ts';
import { createTokenVerifier, hasPermission } from './auth.ts';
import { ENDPOINTS, type EndpointId, type ErrorShape } from './endpoints.ts';
import { ApiError, errorBody, parse, Reply } from './errors.ts';
import { createHandlers } from './handlers.ts';
import { Faults, faultPlanSchema, faultTarget } from './faults.ts';

/** Where tests plan the API's faults and read back what was injected (faults.ts; local stack only). */
export const FAULTS_PATH = '/__test/faults';

export interface ApiOptions {
  issuer: string;
  audience: string;
  jwks: JSONWebKeySet;
  portalOrigins: readonly string[];
  fixtures: Fixtures;
}

const sellerHeader = z.string().regex(/^\d+$/, 'X-Seller-Id must be a seller id (digits)').optional();

/**
 * The back-end API of shell.md §7 on an already-listening server. Every call: bearer JWT (401),
 * the endpoint's permission (403), the fixture user's forced failures, then its own parameters (400).
 */
export async function createApi(server: Server, options: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({ serverFactory: (handler) => server.on('request', handler), logger: false });
  const verify = createTokenVerifier(options);
  const users = new Map(options.fixtures.users.map((user) => [user.claims.sub, user]));
  const handlers = createHandlers(options.fixtures);
  const faults = new Faults();

  // Answers over 1 KB gzip-compressed when asked, as the real services send them (Flagr, whose batch
  // evaluation the flags call uses, compresses by default): the flags' 10 KB are under 1 KB on the wire.
  await app.register(compress, { encodings: ['gzip'] });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || options.portalOrigins.includes(origin)),
    // PUT, PATCH and DELETE for the outbox's writes; Idempotency-Key on every write it sends.
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-seller-id', 'idempotency-key'],
    exposedHeaders: ['retry-after', 'idempotent-replayed'],
    maxAge: 600,
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const shape = (request.routeOptions.config as { errors?: ErrorShape }).errors ?? 'flat';
    if (error instanceof ApiError) {
      if (error.status === 401) reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${error.message}"`);
      return reply.code(error.status).send(errorBody(shape, error.code, error.message));
    }
    // Fastify's own refusals of the request (malformed JSON, unsupported content type, huge body).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody(shape, error.statusCode * 100 + 1, error.message));
    }
    console.error('[api] unexpected error', error);
    return reply.code(500).send(errorBody(shape, 50000, 'Unexpected server error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody('flat', 40400, `No endpoint ${request.method} ${request.url.split('?')[0]}`)),
  );

  const authorize = async (id: EndpointId, request: FastifyRequest): Promise<FixtureUser> => {
    const { permission } = ENDPOINTS[id];
    const user = users.get(await verify(request.headers.authorization));
    if (!user) throw new ApiError(401, 40104, 'The access token belongs to no known user');
    if (!hasPermission(user.claims.permissions, permission)) {
      throw new ApiError(403, 40301, `Permission ${permission} is required`);
    }
    const failure = user.apiFailures.find((candidate) => candidate.endpoint === id);
    if (failure) throw new ApiError(failure.status, failure.code, failure.message);
    parse(sellerHeader, request.headers['x-seller-id'], 'header');
    return user;
  };

  app.post(FAULTS_PATH, async (request, reply) => reply.code(201).send({ id: faults.plan(parse(faultPlanSchema, request.body, 'body')).id }));
  app.get(FAULTS_PATH, async () => ({ faults: faults.report() }));
  app.delete(FAULTS_PATH, async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });

  for (const [id, spec] of Object.entries(ENDPOINTS) as [EndpointId, (typeof ENDPOINTS)[EndpointId]][]) {
    app.route({
      method: spec.method,
      url: spec.url,
      config: { errors: spec.errors },
      handler: async (request, reply) => {
        const fault = faults.take(id, faultTarget(request.headers));
        if (fault?.fault === 'unauthorized') throw new ApiError(401, 40105, 'The access token is refused (a planned fault)');
        if (fault?.fault === 'unavailable') {
          if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
          throw new ApiError(503, 50301, 'The service is unavailable (a planned fault)');
        }
        const answering = (async () => {
          const user = await authorize(id, request);
          return handlers[id]({ user, query: request.query, params: request.params, body: request.body, headers: request.headers });
        })();
        if (fault?.fault === 'lose-answer') {
          // The work is done (or refused) as usual; its answer never leaves.
          await answering.catch(() => undefined);
          reply.hijack();
          request.raw.socket.destroy();
          return;
        }
        const answer = await answering;
        return answer instanceof Reply ? reply.code(answer.status).headers(answer.headers).send(answer.body) : reply.send(answer);
      },
    });
  }

  await app.ready();
  return app;
}
