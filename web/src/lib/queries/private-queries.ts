import { addressesQueryKey } from './addresses.ts';
import { orderByIdQueryKey, ordersQueryKey } from './orders.ts';
import { profileQueryKey } from './profile.ts';
import { wishlistQueryKey } from './wishlist.ts';

/** Data that belongs to whoever is signed in; it must not outlive a sign-in or a sign-out. */
export const privateQueryKeys = [profileQueryKey, addressesQueryKey, wishlistQueryKey, ordersQueryKey, orderByIdQueryKey] as const;
