const markupCharacters: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text the shop did not write (a customer's name, a product's, a link), made safe to put into HTML
 * or XML: as an element's text or as an attribute's value in either kind of quotes. The server's
 * e-mails, pages, sitemap and drawings use this one; the web app has React escape for it.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => markupCharacters[character] ?? character);
