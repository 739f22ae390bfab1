import { usePageTitle } from '@/lib/use-page-title.ts';

/** A screen whose content a later issue builds: its real heading and one line about it. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-2xl text-base text-stone-600 sm:text-lg">{description}</p>
    </div>
  );
}
