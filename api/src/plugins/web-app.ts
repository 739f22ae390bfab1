import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { currencyCookie, currencyFromCookie, isPageRoute, messages, type FetchApi } from '@threadline/contracts';
import { createPagePreloads } from './page-preloads.ts';
import { loadPageRenderer, withRenderedPage } from './page-render.ts';

export interface WebAppOptions {
  webDistDir: string;
  /** MEDIA_PUBLIC_URL, where pages load pictures from when it is set. */
  mediaPublicUrl: string | null;
  /** The shop's configured public address (PUBLIC_URL), which pages name in their structured data. */
  publicUrl: string;
}

const hashedAssetPath = /\/assets\//;

/**
 * Serves the built single-page app beside the API (media have a plugin of their own): hashed assets
 * cached for a year, `index.html` never cached, security headers on HTML documents only (they cost
 * the JSON answers throughput and protect nothing there), the app for page routes (the catalogue
 * pages rendered on the server), a JSON 404 for the rest.
 */
export const webApp = fastifyPlugin(async (app: FastifyInstance, { webDistDir, mediaPublicUrl, publicUrl }: WebAppOptions) => {
  await app.register(fastifyHelmet, {
    global: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(mediaPublicUrl ? [new URL(mediaPublicUrl).origin] : [])],
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

  const indexFile = join(webDistDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const headEnd = indexHtml?.indexOf('</head>') ?? -1;
  const preloadsFor = createPagePreloads(webDistDir);
  const renderPage = indexHtml ? await loadPageRenderer(webDistDir) : null;
  // The renderer reads the API in-process, through the same routes, schemas and caches as a browser.
  const fetchApi: FetchApi = async (apiPath) => {
    if (!apiPath.startsWith('/api/')) return { status: 400, body: undefined };
    const answer = await app.inject({ method: 'GET', url: apiPath });
    return { status: answer.statusCode, body: answer.statusCode === 200 ? answer.json<unknown>() : undefined };
  };
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

  // Pages are a route of their own, not the not-found handler, so the compression plugin (which
  // works per route) compresses their HTML as it does every other answer.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // An API path, a media file or any other file that matched nothing is no page.
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/static/media/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.callNotFound();
    }
    if (!indexHtml) return reply.status(503).send({ error: 'The web app is not built. Run npm run build.', request_id: request.id });
    const currency = currencyFromCookie(request.cookies[currencyCookie.name]);
    // A page that fails to render on the server is still rendered by the browser.
    const rendered = renderPage
      ? await renderPage({ url: request.url, origin: publicUrl, fetchApi, currency }).catch((error: unknown) => {
          request.log.error({ err: error }, 'server render failed');
          return null;
        })
      : null;
    // An unknown path is not found whoever renders it; only the render knows a product or category that does not exist.
    const status = isPageRoute(pathname) ? (rendered?.status ?? 200) : 404;
    const preloads = status === 200 && headEnd >= 0 ? preloadsFor(pathname) : '';
    const shell = preloads ? indexHtml.slice(0, headEnd) + preloads + indexHtml.slice(headEnd) : indexHtml;
    const html = rendered ? withRenderedPage(shell, rendered) : shell;
    reply.helmet();
    // Vary: the page is in the currency of the shopper's cookie, and compressed when the browser asked
    // (also on an uncompressed answer), so no cache hands one shopper's page to another.
    reply.status(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie');
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.setNotFoundHandler(async (request, reply) => reply.status(404).send({ error: messages.notFound, request_id: request.id }));
});
