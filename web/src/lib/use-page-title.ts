import { useEffect } from 'react';
import { useServerRender } from './server-render.ts';

const brand = 'Threadline';

/** The description index.html ships with; pages that name none fall back to it. */
export const defaultPageDescription =
  "Threadline is a Kingston, Jamaica clothing and merchandise shop: sneakers, hats, t-shirts, shoes, accessories and kids' wear, delivered island-wide or ready for pickup.";

export interface PageMeta {
  /** The screen's name; `null` for the home page, which carries the brand alone. */
  title: string | null;
  description?: string;
}

function setMetaContent(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Names the browser tab and rewrites the description and Open Graph tags for the screen, so a
 * shared link or a crawler that runs scripts sees the page rather than the shop's defaults.
 */
export function usePageMeta({ title, description = defaultPageDescription }: PageMeta): void {
  const fullTitle = title === null ? `${brand} | Clothing & Merch from Kingston, Jamaica` : `${title} | ${brand}`;
  const server = useServerRender();
  server?.nameHead({ title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    setMetaContent('name', 'description', description);
    setMetaContent('property', 'og:title', fullTitle);
    setMetaContent('property', 'og:description', description);
    // Tabs and filters live in the query string; the page itself is the path.
    setMetaContent('property', 'og:url', `${window.location.origin}${window.location.pathname}`);
  }, [fullTitle, description]);
}

/** Names the browser tab after the screen, with the shop's default description. */
export function usePageTitle(title: string | null): void {
  usePageMeta({ title });
}
