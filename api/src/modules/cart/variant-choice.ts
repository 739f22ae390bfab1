import { messages } from '@threadline/contracts';
import type { VariantChoiceRow } from './cart.repository.ts';

/** A chosen option as pages send it: the value itself, or an option object with its name (SPEC §7). */
export type OptionInput = string | { name: string } | null | undefined;

const optionText = (input: OptionInput) => (typeof input === 'string' ? input : input?.name)?.trim() || null;
const same = (stored: string | null, wanted: string | null) =>
  stored !== null && wanted !== null && stored.localeCompare(wanted, undefined, { sensitivity: 'accent' }) === 0;

/** The variant a shopper picked, or the message saying what is missing or unavailable. */
export function chooseVariant(
  variants: readonly VariantChoiceRow[],
  sizeInput: OptionInput,
  colorInput: OptionInput,
): { variant: VariantChoiceRow } | { error: string } {
  const size = optionText(sizeInput);
  const color = optionText(colorInput);
  const hasSize = variants.some((variant) => variant.size !== null);
  const hasColor = variants.some((variant) => variant.color !== null);
  if (hasSize && !size) return { error: messages.cartChooseOption('Size') };
  if (hasColor && !color) return { error: messages.cartChooseOption('Color') };
  const variant = variants.find((candidate) => (!hasSize || same(candidate.size, size)) && (!hasColor || same(candidate.color, color)));
  return variant ? { variant } : { error: messages.cartVariantUnavailable };
}
