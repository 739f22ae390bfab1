// The keys of the data several features read, apart from their fetchers: the auth state on every
// page clears them without loading the account's and checkout's queries with the first page.

/** The one cache entry of the cart that the badge, the slide-out, the cart page and checkout share. */
export const cartQueryKey = ['cart'] as const;
export const profileQueryKey = ['profile'] as const;
export const addressesQueryKey = ['addresses'] as const;
export const wishlistQueryKey = ['wishlist'] as const;
export const ordersQueryKey = ['orders'] as const;
/** The orders the payment and confirmation pages show, each by the id in their address. */
export const orderByIdQueryKey = ['order'] as const;

/** Everything the back office reads sits under this key. */
export const adminQueryKey = ['admin'] as const;

/** Data that belongs to whoever is signed in; it must not outlive a sign-in or a sign-out. */
export const privateQueryKeys = [
  profileQueryKey,
  addressesQueryKey,
  wishlistQueryKey,
  ordersQueryKey,
  orderByIdQueryKey,
  adminQueryKey,
] as const;
