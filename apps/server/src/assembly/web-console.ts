import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trimAssetHeaders } from '../http/security-headers.ts';

const GUARDED_OR_SERVICE = [
  '/v1/',
  '/api/',
  '/idp',
  '/docs',
  '/healthz',
  '/metrics',
  '/files/',
  '/media/',
  '/avatar/',
];

/** The built web console (apps/web/dist) found above this file, if it was built. */
export function findWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) {
      return candidate;
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Serves the built console's assets, and its HTML shell for any other page address; registered
 * last, since its not-found handler answers whatever no route took.
 */
export async function serveWebConsole(app: FastifyInstance, webDist: string): Promise<void> {
  trimAssetHeaders(app);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // Serves the build's .br / .gz beside each asset by Accept-Encoding (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Hashed assets are immutable; the HTML shell is never stored, so back after logout refetches.
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-store',
      );
    },
  });
  // A browser asks for /favicon.ico on a page that names no icon (the provider's sign-in and
  // invitation pages, whose policy allows no image): the logo, not a 404 in every console.
  app.get(
    '/favicon.ico',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').sendFile('logo.svg'),
  );
  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a 404 whatever the client accepts: never the console under an
    // asset's address (trimAssetHeaders would strip its document headers).
    const isPageRequest =
      request.method === 'GET' &&
      !GUARDED_OR_SERVICE.some((prefix) => request.url.startsWith(prefix)) &&
      !request.url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPageRequest) {
      return reply.header('cache-control', 'no-store').sendFile('index.html');
    }
    return reply.status(404).send({ statusCode: 404, error: 'NOT_FOUND', message: 'Not found.' });
  });
}
