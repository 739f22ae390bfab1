import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../markup-text.ts';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The page modules of the catalogue routes, as the build manifest names them. */
const pageModules = {
  home: 'src/features/catalog/pages/home-page.tsx',
  shop: 'src/features/catalog/pages/shop-page.tsx',
  product: 'src/features/product/pages/product-page.tsx',
  categories: 'src/features/catalog/pages/categories-page.tsx',
  category: 'src/features/catalog/pages/category-page.tsx',
} as const;
type Page = keyof typeof pageModules;

function pageOf(pathname: string): Page | null {
  if (pathname === '/') return 'home';
  if (/^\/shop(\/category\/[^/]+)?\/?$/.test(pathname)) return 'shop';
  if (/^\/product\/[^/]+\/?$/.test(pathname)) return 'product';
  if (/^\/categories\/?$/.test(pathname)) return 'categories';
  if (/^\/categories\/[^/]+\/?$/.test(pathname)) return 'category';
  return null;
}

/**
 * `<link rel="modulepreload">` hints for a catalogue page's chunks, read from Vite's manifest
 * (leaving out what the entry loads anyway). The browser otherwise discovers the page's chunk only
 * once the entry has run: a round trip a phone waits through before the page can hydrate.
 */
export function createPagePreloads(webDistDir: string): (pathname: string) => string {
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
  const entryFiles = new Set(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? chunkFiles(key, new Set()) : [])));
  const pageLinks = Object.fromEntries(
    Object.entries(pageModules).map(([page, key]) => [
      page,
      chunkFiles(key, new Set())
        .filter((file) => !entryFiles.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
        .join(''),
    ]),
  ) as Record<Page, string>;

  return (pathname) => {
    const page = pageOf(pathname);
    return page ? pageLinks[page] : '';
  };
}
