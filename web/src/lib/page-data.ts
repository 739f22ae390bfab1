import { pageDataElementId } from '@threadline/contracts';

/**
 * The answer to `apiPath` that the server put into this page's HTML, once: the first route loader to
 * ask takes it, so later visits ask the API as usual. Undefined when the HTML holds no answer for it.
 */
export function takePageData<T>(apiPath: string): T | undefined {
  const element = document.getElementById(pageDataElementId);
  if (!element || element.dataset.path !== apiPath) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}
