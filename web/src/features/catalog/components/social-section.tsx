import { ExternalLink } from 'lucide-react';
import type { SVGProps } from 'react';
import { storeDetails, type ListedProduct } from '@threadline/contracts';
import { ProductImage } from '@/components/product/product-image.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

type SocialName = (typeof storeDetails.social)[number]['name'];

// Brand marks drawn locally: no third-party script or image is loaded for the social section.
const brandPaths: Record<SocialName, string> = {
  Instagram:
    'M12 2.2c3.2 0 3.6 0 4.8.1 1.2.1 1.8.2 2.2.4.6.2 1 .5 1.4.9.4.4.7.8.9 1.4.2.4.4 1 .4 2.2.1 1.3.1 1.6.1 4.8s0 3.6-.1 4.8c-.1 1.2-.2 1.8-.4 2.2-.2.6-.5 1-.9 1.4-.4.4-.8.7-1.4.9-.4.2-1 .4-2.2.4-1.3.1-1.6.1-4.8.1s-3.6 0-4.8-.1c-1.2-.1-1.8-.2-2.2-.4-.6-.2-1-.5-1.4-.9-.4-.4-.7-.8-.9-1.4-.2-.4-.4-1-.4-2.2C2.2 15.6 2.2 15.2 2.2 12s0-3.6.1-4.8c.1-1.2.2-1.8.4-2.2.2-.6.5-1 .9-1.4.4-.4.8-.7 1.4-.9.4-.2 1-.4 2.2-.4C8.4 2.2 8.8 2.2 12 2.2Zm0 4.7a5.1 5.1 0 1 0 0 10.2 5.1 5.1 0 0 0 0-10.2Zm0 8.4a3.3 3.3 0 1 1 0-6.6 3.3 3.3 0 0 1 0 6.6Zm5.3-9.8a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Z',
  Facebook:
    'M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12Z',
  TikTok: 'M16.6 2h-3.3v13.4a2.9 2.9 0 1 1-2-2.8V9.2a6.3 6.3 0 1 0 5.3 6.2V8.7a8 8 0 0 0 4.7 1.5V6.9a4.7 4.7 0 0 1-4.7-4.9Z',
};

function BrandIcon({ name, ...props }: { name: SocialName } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d={brandPaths[name]} />
    </svg>
  );
}

const instagram = storeDetails.social.find((link) => link.name === 'Instagram') ?? storeDetails.social[0];
const handle = `@${new URL(instagram.href).pathname.replaceAll('/', '')}`;

/** SPEC §9: a fixed list of three posts; the pictures come from the featured products. */
const posts = [
  { id: 'fresh-drop', caption: 'Fresh pairs just landed on King Street. Which colourway are you taking home?', likes: 412 },
  { id: 'sunday-fit', caption: 'Sunday fit check from Hope Gardens: easy layers for the heat. #ThreadlineJA', likes: 287 },
  { id: 'crew-order', caption: 'Team order packed and ready: 15+ of a style and wholesale prices kick in.', likes: 198 },
] as const;

export function SocialSection({ products, loading }: { products: readonly ListedProduct[]; loading: boolean }) {
  return (
    <section aria-labelledby="social-heading" className="bg-stone-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div>
            <p className="text-sm font-semibold tracking-[0.2em] text-brand-700 uppercase">{handle}</p>
            <h2 id="social-heading" className="mt-2 text-3xl font-bold tracking-tight">
              Follow the Threadline crew
            </h2>
            <p className="mt-2 max-w-xl text-stone-600">New drops, fit checks and behind-the-scenes from the shop.</p>
          </div>
          <ul className="flex flex-wrap gap-2" aria-label="Follow us">
            {storeDetails.social.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-stone-900 ring-1 ring-inset ring-stone-300 hover:bg-stone-100"
                >
                  <BrandIcon name={link.name} className="size-4" />
                  {link.name}
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {/* Relative: the scroller clips what sits in it (screen-reader text past the third post had
            widened the page to 623 px on a phone). The scroll padding snaps a post to the page's
            margin, not flush with the screen's edge. */}
        <ul className="relative -mx-4 mt-10 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0">
          {posts.map((post, position) => {
            const product = products[position];
            return (
              <li key={post.id} className="w-[78%] shrink-0 snap-start sm:w-auto">
                <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
                  <div className="flex items-center gap-3 px-4 py-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-tr from-amber-400 via-red-500 to-fuchsia-600 text-white">
                      <BrandIcon name="Instagram" className="size-4" />
                    </span>
                    <p className="text-sm font-semibold">{handle.slice(1)}</p>
                  </div>
                  <div className="aspect-square bg-stone-100">
                    {loading ? (
                      <Skeleton className="size-full rounded-none" />
                    ) : (
                      <ProductImage
                        image={product?.images[0]}
                        alt={product?.name ?? 'Threadline product'}
                        sizes="(min-width: 1280px) 400px, (min-width: 640px) 33vw, 100vw"
                        className="size-full object-cover"
                      />
                    )}
                  </div>
                  <div className="px-4 py-4">
                    <p className="text-sm font-semibold">{post.likes} likes</p>
                    <p className="mt-1 text-sm text-stone-700">{post.caption}</p>
                    <a
                      href={instagram.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm font-semibold text-brand-800 hover:underline"
                    >
                      View on Instagram
                      <ExternalLink className="size-4" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
