/** The header entries of SPEC §2 that every shopper sees, in header order; the categories entry is the mega-menu. */
export const primaryNav = [
  { kind: 'link', to: '/', label: 'Home' },
  { kind: 'link', to: '/shop', label: 'Shop' },
  { kind: 'categories' },
  { kind: 'link', to: '/contact', label: 'Contact' },
] as const;
