/**
 * The id of the JSON script in which the server hands a page its first API answer inside the HTML
 * (home and product pages), with the API path it answers in `data-path`.
 */
export const pageDataElementId = 'page-data';
