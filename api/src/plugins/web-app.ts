import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { isPageRoute, messages } from '@threadline/contracts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import { createPagePreloads } from './page-preloads.ts';

export interface WebAppOptions {
  webDistDir: string;
  mediaDir: string;
  catalog: CatalogService;
}

const hashedAssetPath = /\/assets\//;
const imageExtension = /\.(webp|png|jpe?g|gif|svg|avif)$/i;
const placeholderImage = 'placeholder-640.webp';

/**
 * Serves the built single-page app and the media files beside the API: hashed assets cached for a
 * year, `index.html` never cached, security headers on HTML documents only (they cost the JSON
 * answers throughput and protect nothing there), the app for page routes, a JSON 404 for the rest.
 */
export const webApp = fastifyPlugin(async (app: FastifyInstance, { webDistDir, mediaDir, catalog }: WebAppOptions) => {
  await app.register(fastifyHelmet, {
    global: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/static/media/',
    wildcard: true,
    index: false,
    maxAge: '1d',
  });

  const indexFile = join(webDistDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const headEnd = indexHtml?.indexOf('</head>') ?? -1;
  const preloadsFor = createPagePreloads(webDistDir, catalog);
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/index.html', '**/*.gz', '**/*.br'],
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          hashedAssetPath.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; only the API is served (run npm run build)');
  }

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, status: number, pathname: string) => {
    const search = request.url.slice(pathname.length).replace(/^\?$/, '');
    if (!indexHtml) return reply.status(503).send({ error: 'The web app is not built. Run npm run build.' });
    const preloads = status === 200 && headEnd >= 0 ? await preloadsFor(pathname, search) : '';
    const html = preloads ? indexHtml.slice(0, headEnd) + preloads + indexHtml.slice(headEnd) : indexHtml;
    reply.helmet();
    reply.status(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    // The compression plugin covers routes only, and pages are served from the not-found handler.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      const compressed = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('content-encoding', 'br').send(compressed);
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || !isRead) {
      return reply.status(404).send({ error: messages.notFound });
    }
    if (pathname.startsWith('/static/media/') && imageExtension.test(pathname)) {
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(placeholderImage, mediaDir);
    }
    if (/\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send({ error: messages.notFound });
    }
    return sendApp(request, reply, isPageRoute(pathname) ? 200 : 404, pathname);
  });
});
