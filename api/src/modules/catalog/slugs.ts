/** A slug from a name: accents folded, lower-case letters and digits joined by hyphens ('item' when nothing is left). */
export function slugFrom(name: string, maxLength = 110): string {
  const words =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  const slug = words.join('-').slice(0, maxLength).replace(/-+$/, '');
  return slug === '' ? 'item' : slug;
}

/** `base`, or `base-2`, `base-3`… : the first not among `taken`. */
export function freeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
