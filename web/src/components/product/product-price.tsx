import type { Product } from '@threadline/contracts';
import { Price } from '@/lib/currency/price.tsx';

type Size = 'sm' | 'lg';

const current: Record<Size, string> = {
  sm: 'text-base font-semibold',
  lg: 'text-2xl font-bold sm:text-3xl',
};
const original: Record<Size, string> = {
  sm: 'text-sm text-stone-500',
  lg: 'text-lg text-stone-500',
};

interface ProductPriceProps {
  product: Pick<Product, 'price' | 'sale_price' | 'is_on_sale'>;
  size?: Size;
}

/** The price a shopper pays, and on sale the original struck through; both in the chosen currency. */
export function ProductPrice({ product, size = 'sm' }: ProductPriceProps) {
  if (product.is_on_sale && product.sale_price !== null) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="sr-only">Sale price</span> <Price amount={product.sale_price} className={`${current[size]} text-red-700`} />
        <del className={original[size]}>
          <span className="sr-only">Original price </span>
          <Price amount={product.price} />
        </del>
      </p>
    );
  }
  return (
    <p>
      <Price amount={product.price} className={current[size]} />
    </p>
  );
}
