import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {
  currencyCookie,
  currencyFromCookie,
  serverMessages,
  pageStatus,
  pageRenderAddress,
  type CurrencyCode,
  type FetchApi,
} from '@threadline/contracts';
import { privateCacheControl, publicAnswer, sendKeptBody, sendPublicAnswer, type KeptBody, type PublicAnswer } from '../http-caching.ts';
import { collectTags, createTaggedCache } from '../tagged-cache.ts';
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
 * Rendered pages are kept until a change names what they show, and at most this long for what none
 * names (a best-sellers order); keyed by currency and the address the page is rendered from (its path
 * and the query parameters it reads), so bounded. A listing with filters (a search, a price range)
 * is kept apart: anyone can make up more of those, and they must not push out the pages themselves.
 */
const pageCacheMs = 10_000;
const pageCacheSize = 1_000;
const filteredPageCacheSize = 200;

interface PageAnswer {
  status: number;
  /** With its validator when it is the same for every shopper (of its currency); null when private. */
  shared: PublicAnswer | null;
  /** Its bytes, compressed once for every shopper who gets them (a private page too: the plain app is the same bytes for all). */
  kept: KeptBody;
}

/**
 * Serves the built single-page app beside the API (media have a plugin of their own): hashed assets
 * cached for a year, `index.html` never cached, pages rendered on the server public for a few
 * seconds and the others never kept, security headers on HTML documents only (they cost the JSON
 * answers throughput and protect nothing there), the app for page routes (the catalogue pages
 * rendered on the server), a JSON 404 for the rest.
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
        reply.header('cache-control', hashedAssetPath.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; only the API is served (run npm run build)');
  }

  // A page rendered on the server shows the catalogue answers it read (their tags say which products),
  // the store details and, in another currency, the day's rates.
  const pages = createTaggedCache<PageAnswer>({ ttlMs: pageCacheMs, maxEntries: pageCacheSize });
  const filteredPages = createTaggedCache<PageAnswer>({ ttlMs: pageCacheMs, maxEntries: filteredPageCacheSize });
  const caches = [pages, filteredPages];
  app.changes.subscribe('catalog', (products) => {
    const tags = products ? app.catalog.tagsOfStockChange(products) : null;
    for (const cache of caches) {
      if (tags) cache.forgetTagged(tags);
      else cache.clear();
    }
  });
  // A page rendered between an order's commit and its products' summaries brought up to date (ADR 36).
  app.changes.subscribe('stock-summaries', (products) => {
    if (!products) return;
    const tags = app.catalog.tagsOfStockChange(products);
    for (const cache of caches) cache.forgetTagged(tags);
  });
  for (const topic of ['promotions', 'settings', 'rates'] as const) {
    app.changes.subscribe(topic, () => {
      for (const cache of caches) cache.clear();
    });
  }

  /**
   * The page at `pathname` with `query`, in the currency. Kept: a page the server rendered (public),
   * and the plain app for a page the browser renders (private to each shopper, but the same bytes
   * for all of them). Not kept: a failed render, and an address that is not found (anyone can make
   * up more of those).
   */
  function page(shell: string, pathname: string, query: URLSearchParams, currency: CurrencyCode): Promise<PageAnswer> {
    const url = pageRenderAddress(pathname, query);
    return (url === pathname ? pages : filteredPages).get(`${currency} ${url}`, async () => {
      let failed = false;
      // A page that fails to render on the server is still rendered by the browser.
      const { result: rendered, tags } = await collectTags(async () =>
        renderPage
          ? renderPage({ url, origin: publicUrl, fetchApi, currency }).catch((error: unknown) => {
              app.log.error({ err: error, url }, 'server render failed');
              failed = true;
              return null;
            })
          : null,
      );
      // An unknown path is not found whoever renders it; only the render knows a product or category
      // that does not exist. /403 and /500 answer their own status with their page.
      const routeStatus = pageStatus(pathname);
      const status = routeStatus === 200 ? (rendered?.status ?? 200) : routeStatus;
      const preloads = status === 200 && headEnd >= 0 ? preloadsFor(pathname) : '';
      const withPreloads = preloads ? shell.slice(0, headEnd) + preloads + shell.slice(headEnd) : shell;
      const body = Buffer.from(rendered ? withRenderedPage(withPreloads, rendered) : withPreloads);
      // renderPage answers null for a page that depends on the shopper: the browser renders it.
      const shared = rendered && status === 200 ? publicAnswer(body) : null;
      return { value: { status, shared, kept: shared ?? { body, compressed: {} } }, tags, keep: !failed && status === 200 };
    });
  }

  // Pages are a route of their own, not the not-found handler, so the compression plugin (which
  // works per route) compresses their HTML as it does every other answer.
  app.get('/*', async (request, reply) => {
    const queryStart = request.url.indexOf('?');
    const pathname = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
    // An API path, a media file or any other file that matched nothing is no page.
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/static/media/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.callNotFound();
    }
    if (!indexHtml) return reply.status(503).send({ error: 'The web app is not built. Run npm run build.', request_id: request.id });
    const { status, shared, kept } = await page(
      indexHtml,
      pathname,
      new URLSearchParams(queryStart < 0 ? '' : request.url.slice(queryStart + 1)),
      currencyFromCookie(request.cookies[currencyCookie.name]),
    );
    reply.helmet();
    // The page is in the currency of the shopper's cookie, and compressed when the browser asked (also
    // on an uncompressed answer), so no cache hands one shopper's page to another.
    reply.status(status).header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    if (shared) return sendPublicAnswer(request, reply, shared);
    return sendKeptBody(request, reply.header('cache-control', privateCacheControl), kept);
  });

  app.setNotFoundHandler(async (request, reply) => reply.status(404).send({ error: serverMessages.notFound, request_id: request.id }));
});
