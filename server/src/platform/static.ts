import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { frameworkErrorBody } from './http.js';
import { isApiPath } from './security-headers.js';

/** Vite names every built asset by its content hash, so a browser may keep one for good. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** index.html names the current hashes: always revalidated, so a new release is seen at once. */
const ENTRY_PAGE = 'no-cache';

/** Cache policy of one built file, by where Vite put it (`relativePath` inside the dist folder). */
export function cacheControlFor(relativePath: string): string {
  return relativePath.split(/[\\/]/)[0] === 'assets' ? HASHED_ASSET : ENTRY_PAGE;
}

/**
 * Serves the built web app and answers client routes (/admin, /home, …) with index.html, for GET and for
 * HEAD (its headers alone), while unknown /api paths stay JSON 404s and a missing /assets file is a 404
 * rather than a page in place of a script.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    const root = webDist;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isAppRoute = !isApiPath(req.url) && !req.url.startsWith('/assets/');
    if (isAppRoute && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    // Not the path: a reply never repeats what the request sent.
    return reply.code(404).send(frameworkErrorBody(404));
  });
}
