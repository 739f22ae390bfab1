import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { wholesaleMinimumPerStyle } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useAfterHydration } from '@/lib/hydration.ts';

/** SPEC §9: the carousel moves on every 10 seconds. */
export const carouselIntervalMs = 10_000;

interface Slide {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  art: ReactNode;
  background: string;
}

const slides: readonly Slide[] = [
  {
    id: 'welcome',
    eyebrow: 'New to Threadline?',
    title: '20% off your first order',
    text: 'Use code WELCOME20 at checkout and save on sneakers, hats, tees and more, picked in Kingston for island life.',
    background:
      'bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-600),transparent_60%),radial-gradient(ellipse_at_bottom_left,var(--color-stone-800),transparent_65%)] bg-stone-950',
    art: (
      <div className="flex size-56 flex-col items-center justify-center rounded-full bg-white/10 text-center ring-1 ring-white/25 backdrop-blur-sm lg:size-72">
        <span className="text-7xl font-black tracking-tight lg:text-8xl">20%</span>
        <span className="mt-1 text-sm font-semibold tracking-[0.3em] uppercase">off</span>
        <span className="mt-4 rounded-lg border-2 border-dashed border-white/60 px-3 py-1 font-mono text-sm font-bold tracking-widest">
          WELCOME20
        </span>
      </div>
    ),
  },
  {
    id: 'wholesale',
    eyebrow: 'Wholesale',
    title: `Buy ${wholesaleMinimumPerStyle}+ per style, pay wholesale`,
    text: `Kitting out a team, a shop or the whole crew? Take ${wholesaleMinimumPerStyle} or more items of any style and wholesale prices apply automatically.`,
    background:
      'bg-[radial-gradient(ellipse_at_top_left,var(--color-amber-700),transparent_55%),radial-gradient(ellipse_at_bottom_right,var(--color-brand-800),transparent_60%)] bg-stone-950',
    art: (
      <div className="flex size-56 flex-col items-center justify-center rounded-full bg-white/10 text-center ring-1 ring-white/25 backdrop-blur-sm lg:size-72">
        <span className="text-7xl font-black tracking-tight lg:text-8xl">{wholesaleMinimumPerStyle}+</span>
        <span className="mt-1 px-8 text-sm font-semibold tracking-[0.2em] uppercase">items per style</span>
      </div>
    ),
  },
];

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** The system's reduced-motion setting; off while the server's page hydrates, as the server rendered it. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(reducedMotionQuery).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(reducedMotionQuery);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return useAfterHydration(reduced, false);
}

const arrowClass =
  'flex size-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 backdrop-blur-sm transition-colors hover:bg-white/20';

/**
 * The home page promotions (SPEC §2). It moves on by itself every 10 seconds and wraps, but waits
 * while the pointer is over it or focus is inside, when the shopper pauses it, and altogether when
 * the system asks for reduced motion (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !reducedMotion && !stopped;
  const waiting = hovered || focused;

  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!rotating || waiting) return undefined;
    // A new timer per slide, so moving by hand gives the new slide its full 10 seconds.
    const timer = window.setTimeout(() => setIndex((index + 1) % slides.length), carouselIntervalMs);
    return () => window.clearTimeout(timer);
  }, [index, rotating, waiting]);

  // Listened to directly: the section is a landmark, not a control, and these only pause rotation.
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) setFocused(false);
    };
    element.addEventListener('pointerenter', enter);
    element.addEventListener('pointerleave', leave);
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      element.removeEventListener('pointerenter', enter);
      element.removeEventListener('pointerleave', leave);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, []);

  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      ref={root}
      aria-roledescription="carousel"
      aria-label="Promotions"
      className="relative isolate overflow-hidden text-white [--focus-ring:var(--color-white)]"
    >
      <div
        aria-live={rotating && !waiting ? 'off' : 'polite'}
        className="flex motion-safe:transition-transform motion-safe:duration-700 motion-safe:ease-out"
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, position) => (
          <div
            key={slide.id}
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the WAI-ARIA carousel pattern names each slide a group
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${slides.length}`}
            inert={position !== index}
            className={`w-full shrink-0 ${slide.background}`}
          >
            <div className="mx-auto grid min-h-[30rem] max-w-7xl items-center gap-10 px-4 pt-14 pb-28 sm:px-6 md:grid-cols-[1fr_auto] lg:min-h-[34rem] lg:px-8">
              <div className="max-w-2xl">
                <p className="text-sm font-semibold tracking-[0.25em] text-brand-200 uppercase">{slide.eyebrow}</p>
                <h2 className="mt-4 text-4xl font-black tracking-tight text-balance sm:text-6xl">{slide.title}</h2>
                <p className="mt-6 max-w-xl text-lg text-pretty text-stone-200">{slide.text}</p>
                <div className="mt-10 flex flex-wrap gap-3">
                  <Link to="/shop" className={buttonClass('inverse')}>
                    Shop Now
                  </Link>
                  <Link to="/categories" className={buttonClass('inverse-outline')}>
                    Explore Categories
                  </Link>
                </div>
              </div>
              <div aria-hidden="true" className="hidden justify-center md:flex">
                {slide.art}
              </div>
            </div>
          </div>
        ))}
      </div>

      <div className="absolute inset-x-0 bottom-6">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <button type="button" aria-label="Previous slide" className={arrowClass} onClick={() => go(index - 1)}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <ul className="flex items-center">
            {slides.map((slide, position) => (
              <li key={slide.id}>
                <button
                  type="button"
                  aria-label={`Show slide ${position + 1}: ${slide.title}`}
                  aria-current={position === index ? 'true' : undefined}
                  onClick={() => go(position)}
                  className="group flex size-11 items-center justify-center rounded-full"
                >
                  <span
                    className={`block h-2 rounded-full transition-all ${position === index ? 'w-8 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80'}`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" aria-label="Next slide" className={arrowClass} onClick={() => go(index + 1)}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          {reducedMotion ? null : (
            <button
              type="button"
              aria-label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
              className={`${arrowClass} ml-auto`}
              onClick={() => setStopped((value) => !value)}
            >
              {stopped ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
