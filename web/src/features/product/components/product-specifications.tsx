import { Check } from 'lucide-react';
import type { Product } from '@threadline/contracts';

/** The product's features and specifications, below its purchase panel. */
export function ProductSpecifications({ product }: { product: Product }) {
  const specifications = Object.entries(product.specifications);
  return (
    <div className="mt-16 grid gap-10 border-t border-stone-200 pt-12 md:grid-cols-2">
      {product.features.length > 0 ? (
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-xl font-bold tracking-tight">
            Features
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {product.features.map((feature) => (
              <li key={feature} className="flex gap-3 text-stone-700">
                <Check className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {specifications.length > 0 ? (
        <section aria-labelledby="specifications-heading">
          <h2 id="specifications-heading" className="text-xl font-bold tracking-tight">
            Specifications
          </h2>
          <dl className="mt-4 divide-y divide-stone-200 border-y border-stone-200">
            {specifications.map(([name, value]) => (
              <div key={name} className="grid grid-cols-[8rem_1fr] gap-4 py-3 text-sm">
                <dt className="font-semibold text-stone-900">{name}</dt>
                <dd className="text-stone-700">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
