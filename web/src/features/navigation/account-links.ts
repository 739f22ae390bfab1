import { Heart, MapPin, Package, UserRound, type LucideIcon } from 'lucide-react';

/** The signed-in shopper's pages of SPEC §2, in the order the header and mobile menu list them. */
export const accountLinks: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/orders', label: 'Orders', icon: Package },
  { to: '/addresses', label: 'Addresses', icon: MapPin },
  { to: '/wishlist', label: 'Wishlist', icon: Heart },
];

/** The signed-in shopper as the header needs them; `null` in its place means a guest. */
export interface SignedInAccount {
  /** `profile_picture`: the uploaded picture's URL, or null for none. */
  customer: { first_name: string; profile_picture: string | null };
  onSignOut: () => void;
}
