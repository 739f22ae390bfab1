/** Local storage keys of SPEC §3. */
export const storageKeys = {
  currency: 'currency',
  exchangeRates: 'exchangeRates',
  ratesLastFetched: 'ratesLastFetched',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  returnUrl: 'returnUrl',
  checkoutFormData: 'checkoutFormData',
  sessionKey: 'sessionKey',
  /** Back office: when this browser last opened the order list; newer orders count as new. */
  adminOrdersSeenAt: 'adminOrdersSeenAt',
} as const;

/** Header and cookie names of SPEC §6-§7. */
export const sessionHeaders = {
  sessionKey: 'X-Session-Key',
  csrfToken: 'X-CSRFToken',
  csrfCookie: 'csrftoken',
} as const;
