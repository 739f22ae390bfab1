import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageStateElementId, type RenderedPage, type RenderPage } from '@threadline/contracts';
import { escapeHtml } from '../markup-text.ts';

/**
 * The web app's server build (web/vite.server.config.ts), or `null` when the web app was built
 * without it or not at all: pages are then rendered in the browser alone, as in development.
 */
export async function loadPageRenderer(webDistDir: string): Promise<RenderPage | null> {
  const file = join(webDistDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
  return typeof module.renderPage === 'function' ? (module.renderPage as RenderPage) : null;
}

/** index.html with the page the server rendered: its head, its markup in #root and its state beside it. */
export function withRenderedPage(indexHtml: string, page: RenderedPage): string {
  let html = indexHtml.replace(
    '<div id="root"></div>',
    () => `<div id="root">${page.html}</div><script type="application/json" id="${pageStateElementId}">${page.state}</script>`,
  );
  const meta = (pattern: RegExp, content: string) => {
    html = html.replace(pattern, (_, start: string) => `${start}${escapeHtml(content)}"`);
  };
  if (page.title !== null) {
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title ?? '')}</title>`);
    meta(/(<meta\s+property="og:title"\s+content=")[^"]*"/, page.title);
  }
  meta(/(<meta\s+name="description"\s+content=")[^"]*"/, page.description);
  meta(/(<meta\s+property="og:description"\s+content=")[^"]*"/, page.description);
  return html;
}
