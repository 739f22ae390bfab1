// How a cart or order line reads, apart from the cart's schemas so that a page using it loads no zod.

/** A variant as pages and messages name it: "9 / Black", "One Size", or "" for a product without options. */
export const variantText = (variant: { size: string | null; color: string | null }): string =>
  [variant.size, variant.color].filter((part) => part !== null && part !== '').join(' / ');

/** A line as pages and messages name it: "Kingston Runner (9 / Black)", or the name alone. */
export const lineLabel = (line: { name: string; variant: string }): string => (line.variant ? `${line.name} (${line.variant})` : line.name);
