/**
 * A message for the page a shopper is sent to, carried in that navigation's history state: a page
 * that acts and then leaves ('Cancel & Go Home') says what happened on the page it leaves for.
 */
export const pageNoticeState = (text: string) => ({ pageNotice: text });

export function pageNoticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('pageNotice' in state)) return null;
  return typeof state.pageNotice === 'string' ? state.pageNotice : null;
}
