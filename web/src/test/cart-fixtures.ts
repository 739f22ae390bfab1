import type { AddToCartRequest, Cart, CartChangeResponse, CartItem } from '@threadline/contracts';
import { json } from './render-shop.tsx';

/** A cart line as the API sends it; each test overrides what it is about. */
export function cartItemFixture(overrides: Partial<CartItem> = {}): CartItem {
  const quantity = overrides.quantity ?? 1;
  const unitPrice = overrides.unit_price ?? 11900;
  return {
    id: 1,
    product_id: 1,
    name: 'Kingston Runner',
    image: '/static/media/products/p1-1-640.webp',
    images: [{ image: '/static/media/products/p1-1-640.webp', alt_text: 'Kingston Runner in Black' }],
    variant: '9 / Black',
    selectedVariants: { Size: '9', Color: 'Black' },
    quantity,
    price: unitPrice * quantity,
    unit_price: unitPrice,
    total: unitPrice * quantity,
    stock: 5,
    is_wholesale: false,
    ...overrides,
  };
}

/** A cart over these lines, priced the way the server prices it (no discount unless given). */
export function cartFixture(items: CartItem[], overrides: Partial<Cart> = {}): Cart {
  const subtotal = items.reduce((sum, item) => sum + item.price, 0);
  const discount = overrides.total_discount ?? 0;
  return {
    items,
    cart_total: subtotal - discount,
    cart_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal,
    discount: 0,
    promo_discount: discount,
    total_discount: discount,
    total: subtotal - discount,
    promo_code: null,
    promo_code_valid: false,
    promo_message: null,
    wholesale_applied: false,
    ...overrides,
  };
}

type Answer = Response | Promise<Response>;

interface SentCall {
  method: string;
  path: string;
  body: unknown;
  /** The Idempotency-Key header, on the calls that carry one. */
  idempotencyKey?: string;
}

/**
 * A stand-in for the cart API that keeps one cart and changes it the way the server does. `gate`
 * holds every answer to a change until the test opens it, to look at the optimistic state;
 * `failWith` answers changes with a given failure instead (a Response, or 'network' for no answer).
 */
export function fakeCartApi(initial: Cart) {
  let cart = initial;
  let gate: Promise<void> | null = null;
  let failure: Response | 'network' | null = null;
  const sent: SentCall[] = [];

  const change = (message: string, next: Cart): CartChangeResponse => {
    cart = next;
    return { success: true, message, cart };
  };
  const withItems = (items: CartItem[]) => cartFixture(items, { promo_code: cart.promo_code, promo_code_valid: cart.promo_code_valid });

  async function answerChange(method: string, path: string, body: unknown, idempotencyKey: string | null): Promise<Response> {
    sent.push({ method, path, body, ...(idempotencyKey ? { idempotencyKey } : {}) });
    if (gate) await gate;
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure) return failure.clone();
    const line = /\/update\/(\d+)\/|\/remove\/(\d+)\//.exec(path);
    const lineId = Number(line?.[1] ?? line?.[2]);
    if (method === 'PATCH') {
      const quantity = (body as { quantity: number }).quantity;
      const items = cart.items
        .map((item) =>
          item.id === lineId ? { ...item, quantity, price: item.unit_price * quantity, total: item.unit_price * quantity } : item,
        )
        .filter((item) => item.quantity > 0);
      return json(change('Cart updated', withItems(items)));
    }
    if (method === 'DELETE' && line)
      return json(change('Item removed from cart', withItems(cart.items.filter((item) => item.id !== lineId))));
    if (method === 'DELETE') return json(change('Cart cleared', cartFixture([])));
    const request = body as AddToCartRequest;
    const variant = [request.variant_size, request.variant_color].filter(Boolean).join(' / ');
    // Like the server: one line per product and variant, an add adds to its quantity.
    const same = cart.items.find((item) => item.product_id === request.product_id && item.variant === variant);
    if (same) {
      const quantity = same.quantity + request.quantity;
      const items = cart.items.map((item) =>
        item === same ? { ...item, quantity, price: item.unit_price * quantity, total: item.unit_price * quantity } : item,
      );
      return json(change('Item added to cart', withItems(items)));
    }
    const nextId = Math.max(0, ...cart.items.map((item) => item.id)) + 1;
    const added = cartItemFixture({ id: nextId, product_id: request.product_id, quantity: request.quantity, variant });
    return json(change('Item added to cart', withItems([...cart.items, added])));
  }

  const handle = (url: URL, init: RequestInit | undefined): Answer => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return json(cart);
    const key = new Headers(init?.headers).get('Idempotency-Key');
    return answerChange(method, url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined, key);
  };

  return {
    handler: [/^\/api\/orders\/cart\//, handle] as [RegExp, typeof handle],
    get cart() {
      return cart;
    },
    set cart(next: Cart) {
      cart = next;
    },
    /** Every change sent, in order. */
    sent,
    /** Holds answers to changes until the returned function is called. */
    hold(): () => void {
      let open = () => undefined as void;
      gate = new Promise<void>((resolve) => {
        open = () => {
          gate = null;
          resolve();
        };
      });
      return open;
    },
    failWith(next: Response | 'network' | null) {
      failure = next;
    },
  };
}

/** Makes non-GET calls carry a session and CSRF token, as after the app's session check. */
export function startTestSession() {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
}
