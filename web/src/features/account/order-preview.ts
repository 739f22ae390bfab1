import { isCollected, orderStatuses, pickupPointNamed, type Order, type OrderStatus, type PickupPoint } from '@threadline/contracts';

const previewImages = 3;
const previewNames = 2;
const addressLength = 30;

/** SPEC §3: a shipping address is plain text or an object; pickup orders have none. */
function orderAddressText(order: Pick<Order, 'shipping_address' | 'shipping_address_text'>): string {
  if (order.shipping_address_text) return order.shipping_address_text;
  const address = order.shipping_address;
  if (!address) return '';
  return [address.street_address, address.apartment, address.city, address.state, address.postal_code, address.country]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** Where an order goes: the address it is delivered to, or where the customer collects it. */
export interface OrderDestination {
  collected: boolean;
  /** The address; "Pickup at our store"; or the Knutsford Express branch or post office by name. */
  text: string;
}

/** `pickupPoints`: the owner's list (`GET /api/store/`), which names the point an order waits at. */
export function orderDestination(
  order: Pick<Order, 'shipping_method' | 'pickup_point' | 'shipping_address' | 'shipping_address_text'>,
  pickupPoints: readonly PickupPoint[],
): OrderDestination {
  if (order.shipping_method === 'pickup') return { collected: true, text: 'Pickup at our store' };
  if (isCollected(order.shipping_method)) return { collected: true, text: pickupPointNamed(order.pickup_point, pickupPoints) };
  const address = orderAddressText(order);
  // An order from before the shop knew its methods: no address means the store.
  return address ? { collected: false, text: address } : { collected: true, text: 'Pickup at our store' };
}

export interface OrderPreview {
  images: { src: string | null; alt: string }[];
  /** The first two item names, then '+n more' for the rest. */
  names: string;
  /** Where it goes (see `orderDestination`), cut at 30 characters. */
  address: string;
  collected: boolean;
}

/** SPEC §2 and §9 order list rules: 3 pictures, 2 names then '+n more', the address cut at 30 characters. */
export function orderPreview(order: Order, pickupPoints: readonly PickupPoint[]): OrderPreview {
  const names = order.items.slice(0, previewNames).map((item) => item.product_name);
  const more = order.items.length - names.length;
  const { collected, text: address } = orderDestination(order, pickupPoints);
  return {
    images: order.items.slice(0, previewImages).map((item) => ({ src: item.product_image, alt: item.product_name })),
    names: more > 0 ? `${names.join(', ')} +${more} more` : names.join(', '),
    address: address.length > addressLength ? `${address.slice(0, addressLength)}...` : address,
    collected,
  };
}

/** SPEC §4: an unknown or missing status shows as pending. */
export function knownOrderStatus(status: string | null | undefined): OrderStatus {
  return orderStatuses.find((known) => known === status) ?? 'pending';
}

// SPEC §2 names hats, shirts, shoes, kids, accessories, bottoms and womens; the words are matched
// with the ones our catalogue uses. Kids comes first ('Kids Doctor Bird Tee' is kids' wear), and
// sneakers are told from other shoes because the shop has both categories. Bottoms and womens
// have no category here, so they fall through to /shop.
const orderAgainCategories: [RegExp, string][] = [
  [/\bkids?\b|children|toddler|baby/i, 'kids'],
  [/\bhats?\b|\bcaps?\b|snapback|beanie|bucket|five-panel/i, 'hats'],
  [/shirt|\btees?\b|\bcrew\b|v-neck|polo|\btank\b/i, 'tshirts'],
  [/sneaker|runner|trainer|high-top|jogger|\bcourt\b|slip-on|canvas low/i, 'sneakers'],
  [/shoe|boot|sandal|slide|flip-flop|loafer|oxford|brogue/i, 'shoes'],
  [
    /accessor|\bbag\b|tote|pack|necklace|pendant|bracelet|chain|\bpin\b|earring|keyring|wallet|belt|sunglass|weekender|duffel/i,
    'accessories',
  ],
];

/** SPEC §2 'Order Again': a category page guessed from the first item's name, else the shop. */
export function orderAgainPath(order: Pick<Order, 'items'>): string {
  const name = order.items[0]?.product_name ?? '';
  const match = orderAgainCategories.find(([pattern]) => pattern.test(name));
  return match ? `/categories/${match[1]}` : '/shop';
}
