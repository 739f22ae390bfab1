import { useEffect, useRef, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * Brings the top of the results into view when the shopper changes what is listed (a filter, the
 * sort, the category) from below it: filtering keeps the shopper's place (it is not leaving the
 * page), so a shorter list would otherwise leave them at the bottom of the page, or among results
 * that are no longer the first. Not on the first visit, nor on Back/Forward, whose place the router
 * restores. The element's scroll margin is what the sticky header covers, and a little more.
 */
export function useResultsTopInView(results: RefObject<HTMLElement | null>) {
  const navigationType = useNavigationType();
  const { pathname, search } = useLocation();
  // What is listed is all in the address: the category's path and the filters' query.
  const listed = pathname + search;
  const shown = useRef(listed);

  useEffect(() => {
    if (shown.current === listed) return;
    shown.current = listed;
    const element = results.current;
    if (!element || navigationType === NavigationType.Pop) return;
    const covered = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    if (element.getBoundingClientRect().top >= covered) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'instant' : 'smooth' });
  }, [listed, navigationType, results]);
}
