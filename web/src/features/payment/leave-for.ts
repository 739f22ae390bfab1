/** Sends the browser to the card provider's page; false when the address is not one a browser can go to. */
export function leaveFor(url: string): boolean {
  try {
    const target = new URL(url, window.location.href);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
    window.location.assign(target.href);
    return true;
  } catch {
    return false;
  }
}
