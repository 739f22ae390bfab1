import { effectivePrice, isOnSale, messages, type Product } from '@threadline/contracts';
import { Heart, ShoppingBag, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { RequireSignIn } from '@/lib/auth/require-sign-in.tsx';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useShopActions } from '@/lib/shop-actions.tsx';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { useToggleWishlist } from '../api/toggle-wishlist.ts';
import { AccountLayout } from '../components/account-layout.tsx';
import { AccountEmptyState, AccountLoadError } from '../components/account-states.tsx';

// The cart refuses an add without a size or colour for products that have them (contracts messages).
const optionRefusals = new Set<string>([
  messages.cartChooseOption('Size'),
  messages.cartChooseOption('Color'),
  messages.cartVariantUnavailable,
]);
const needsOptions = (error: unknown) => error instanceof ApiError && error.status === 400 && optionRefusals.has(error.message);

/** SPEC §2 /wishlist: saved products, each removable or added to the cart. */
export function WishlistPage() {
  usePageMeta({ title: 'Your wishlist', description: 'Products you saved for later.' });
  return (
    <RequireSignIn>
      <Wishlist />
    </RequireSignIn>
  );
}

type Busy = { productId: number; action: 'add' | 'remove' } | null;

function Wishlist() {
  const wishlist = useWishlist();
  const { mutateAsync: toggle } = useToggleWishlist();
  const { addToCart } = useShopActions();
  const [busy, setBusy] = useState<Busy>(null);
  const [choose, setChoose] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  const remove = async (product: Product) => {
    setBusy({ productId: product.id, action: 'remove' });
    setNotice(null);
    try {
      // The API only toggles: if another tab removed it already, the first toggle put it back.
      if ((await toggle(product.id)).in_wishlist) await toggle(product.id);
      setNotice({ tone: 'success', text: messages.wishlistRemoved });
    } catch {
      setNotice({ tone: 'error', text: messages.wishlistRemoveFailed });
    } finally {
      setBusy(null);
    }
  };

  const add = async (product: Product) => {
    setBusy({ productId: product.id, action: 'add' });
    setNotice(null);
    try {
      // SPEC §7: from the wishlist, the product id and quantity 1.
      await addToCart({ product_id: product.id, quantity: 1, variant_size: null, variant_color: null }, product.name);
      setNotice({ tone: 'success', text: messages.wishlistAddedToCart });
    } catch (error) {
      if (needsOptions(error)) {
        setChoose((current) => new Set(current).add(product.id));
        setNotice({ tone: 'error', text: `${product.name} comes in more than one option. Choose yours on its page.` });
      } else {
        setNotice({ tone: 'error', text: messages.wishlistAddToCartFailed });
      }
    } finally {
      setBusy(null);
    }
  };

  const items = wishlist.data ?? [];
  return (
    <AccountLayout title="Wishlist" intro="Products you saved for later.">
      {wishlist.data ? (
        items.length === 0 ? (
          <AccountEmptyState
            Icon={Heart}
            title="Your wishlist is empty"
            text="Tap the heart on any product to save it here."
            action={
              <Link to="/shop" className={buttonClass('primary')}>
                Start Shopping
              </Link>
            }
          />
        ) : (
          <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
            {items.map(({ id, product, has_options: hasOptions }) => (
              <li key={id}>
                <WishlistCard
                  product={product}
                  hasOptions={hasOptions}
                  busy={busy?.productId === product.id ? busy.action : null}
                  anyBusy={busy !== null}
                  mustChoose={choose.has(product.id)}
                  onAdd={() => void add(product)}
                  onRemove={() => void remove(product)}
                />
              </li>
            ))}
          </ul>
        )
      ) : wishlist.isError ? (
        <AccountLoadError message={messages.wishlistLoadFailed} onRetry={() => void wishlist.refetch()} retrying={wishlist.isFetching} />
      ) : (
        <div aria-busy="true" className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          <output className="sr-only">Loading wishlist...</output>
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} className="h-40 rounded-2xl min-[480px]:aspect-[3/4] min-[480px]:h-auto" />
          ))}
        </div>
      )}
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AccountLayout>
  );
}

interface WishlistCardProps {
  product: Product;
  busy: 'add' | 'remove' | null;
  anyBusy: boolean;
  /** The product comes in sizes or colours (the wishlist says so): the product page offers them. */
  hasOptions: boolean;
  /** The cart asked for a size or colour the list did not know of. */
  mustChoose: boolean;
  onAdd(): void;
  onRemove(): void;
}

function WishlistCard({ product, busy, anyBusy, hasOptions, mustChoose, onAdd, onRemove }: WishlistCardProps) {
  const { format } = useCurrency();
  const image = product.images[0];
  const onSale = isOnSale(product.price, product.sale_price);
  const soldOut = product.stock <= 0;
  const chooseLink = useRef<HTMLAnchorElement>(null);
  // After a refused add the link takes the place of the button that had focus; focus follows it.
  useEffect(() => {
    if (mustChoose) chooseLink.current?.focus();
  }, [mustChoose]);
  return (
    <article
      aria-label={product.name}
      className="flex h-full overflow-hidden rounded-2xl ring-1 ring-stone-200 ring-inset min-[480px]:flex-col"
    >
      <Link
        to={`/product/${product.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block w-28 shrink-0 bg-stone-100 min-[480px]:w-auto"
      >
        <img
          src={image?.image ?? '/static/media/placeholder-640.webp'}
          srcSet={image?.srcset || undefined}
          sizes="(min-width: 1024px) 18rem, (min-width: 480px) 45vw, 7rem"
          alt=""
          width={image?.width ?? 640}
          height={image?.height ?? 640}
          loading="lazy"
          className="aspect-square h-full w-full object-cover min-[480px]:h-auto"
        />
        {onSale ? (
          <Badge tone="red" className="absolute top-2 left-2 min-[480px]:top-3 min-[480px]:left-3">
            Sale
          </Badge>
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <p className="text-xs text-stone-500">{product.category.name}</p>
          <h2 className="font-medium">
            <Link to={`/product/${product.id}`} className="hover:underline">
              {product.name}
            </Link>
          </h2>
          <p className="flex items-baseline gap-2">
            <span className={`font-semibold ${onSale ? 'text-red-700' : ''}`}>
              {format(effectivePrice(product.price, product.sale_price))}
            </span>
            {onSale ? (
              <s className="text-sm text-stone-500">
                <span className="sr-only">was </span>
                {format(product.price)}
              </s>
            ) : null}
          </p>
        </div>
        <div className="mt-auto flex gap-2">
          {hasOptions || mustChoose ? (
            <Link ref={chooseLink} to={`/product/${product.id}`} className={`${buttonClass('primary')} flex-1 whitespace-nowrap`}>
              Choose Options
            </Link>
          ) : (
            <button
              type="button"
              onClick={onAdd}
              disabled={soldOut || anyBusy}
              className={`${buttonClass('primary')} flex-1 whitespace-nowrap`}
            >
              <ShoppingBag className="hidden size-4 min-[380px]:block" aria-hidden="true" />
              {soldOut ? 'Out of Stock' : busy === 'add' ? 'Adding...' : 'Add to Cart'}
            </button>
          )}
          <button
            type="button"
            onClick={onRemove}
            disabled={anyBusy}
            aria-label={busy === 'remove' ? `Removing ${product.name}...` : `Remove ${product.name} from wishlist`}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-700 ring-1 ring-stone-300 ring-inset hover:bg-stone-100 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </article>
  );
}
