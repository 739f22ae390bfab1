import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  homeResponseSchema,
  pageDataElementId,
  productImageSizes,
  shopQuerySchema,
  shopResponseSchema,
  type ProductImage,
} from '@threadline/contracts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The page modules of the routes whose first paint matters most, as the build manifest names them. */
const pageModules = {
  home: 'src/features/catalog/pages/home-page.tsx',
  shop: 'src/features/catalog/pages/shop-page.tsx',
  product: 'src/features/product/pages/product-page.tsx',
} as const;
type Page = keyof typeof pageModules;

interface PageMatch {
  page: Page;
  productId?: string;
  /** The shop's category when it is named in the path (/shop/category/{slug}). */
  categorySlug?: string;
}

function pageOf(pathname: string): PageMatch | null {
  if (pathname === '/') return { page: 'home' };
  if (pathname === '/shop') return { page: 'shop' };
  const category = /^\/shop\/category\/([^/]+)\/?$/.exec(pathname);
  if (category) {
    try {
      return { page: 'shop', categorySlug: decodeURIComponent(category[1] ?? '') };
    } catch {
      return { page: 'shop' };
    }
  }
  const product = /^\/product\/(\d{1,9})\/?$/.exec(pathname);
  return product ? { page: 'product', productId: product[1] } : null;
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function imagePreload(image: ProductImage | undefined, sizes: string): string {
  if (!image) return '';
  return `<link rel="preload" as="image" href="${attribute(image.image)}" imagesrcset="${attribute(image.srcset)}" imagesizes="${attribute(sizes)}" fetchpriority="high">`;
}

/**
 * The page's first API answer, as the API would send it, for the app to read instead of asking. A
 * JSON script is never run (nor blocked by the CSP); `<` is escaped so no text in it can close it.
 */
function pageData(apiPath: string, json: string): string {
  return `<script type="application/json" id="${pageDataElementId}" data-path="${attribute(apiPath)}">${json.replaceAll('<', '\\u003c')}</script>`;
}

/**
 * Preload hints and data for a page's HTML. A single-page app otherwise discovers its page chunk only
 * after the entry script has run, and its data and first picture only after that: round trips a
 * phone waits through before the largest paint. The HTML names the page's chunks (from Vite's
 * manifest); for the home, product and unfiltered shop pages it also carries the page's API answer
 * and preloads the first product picture with the same `srcset` and `sizes` as its `<img>`, so it is fetched once, early.
 */
export function createPagePreloads(webDistDir: string, catalog: CatalogService) {
  const manifestFile = join(webDistDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};

  const chunkFiles = (key: string, seen: Set<string>): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))];
  };
  // The entry's own chunks are already in index.html.
  const entryFiles = new Set(
    Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? chunkFiles(key, new Set()) : [])),
  );
  const moduleLinks = Object.fromEntries(
    Object.entries(pageModules).map(([page, key]) => [
      page,
      chunkFiles(key, new Set())
        .filter((file) => !entryFiles.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`)
        .join(''),
    ]),
  ) as Record<Page, string>;

  const dataAndPicture = async ({ page, productId, categorySlug }: PageMatch, search: string): Promise<string> => {
    if (page === 'home') {
      const home = homeResponseSchema.parse(await catalog.home());
      return pageData('/api/home/', JSON.stringify(home)) + imagePreload(home.featured_products[0]?.images[0], productImageSizes.card);
    }
    if (page === 'product' && productId) {
      const json = (await catalog.productDetailJson(productId)).toString('utf8');
      const detail = JSON.parse(json) as { product: { images: ProductImage[] } };
      return pageData(`/api/product/${productId}/`, json) + imagePreload(detail.product.images[0], productImageSizes.gallery);
    }
    // Only the unfiltered listing (of the whole shop or of a category): the app asks for exactly
    // this query then (category first, then page, as its own query string orders them).
    if (page === 'shop' && search === '') {
      const apiQuery = new URLSearchParams(categorySlug === undefined ? { page: '1' } : { category: categorySlug, page: '1' });
      const shop = shopResponseSchema.parse(await catalog.shop(shopQuerySchema.parse(Object.fromEntries(apiQuery))));
      return pageData(`/api/shop/?${apiQuery.toString()}`, JSON.stringify(shop)) + imagePreload(shop.results.products[0]?.images[0], productImageSizes.card);
    }
    return '';
  };

  /** What goes into the `<head>` of this page (its path and query string), or '' for other pages; never fails. */
  return async function preloadsFor(pathname: string, search: string): Promise<string> {
    const match = pageOf(pathname);
    if (!match) return '';
    // A missing product or a database hiccup costs the data and the hint, never the page.
    const data = await dataAndPicture(match, search).catch(() => '');
    return data + moduleLinks[match.page];
  };
}
