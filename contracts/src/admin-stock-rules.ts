/**
 * Stock, adjustments and product pictures in the back office (BACKOFFICE.md, issue 16): the limits
 * and messages, schema-free so pages that validate nothing can import them without zod.
 */

/** The most units one adjustment may add or take away. */
export const maxStockChange = 100_000;
export const stockNoteMax = 200;
export const imageAltTextMax = 200;
/** A product picture upload: its file size and its pixels (decoding costs CPU by the pixel). */
export const productImageLimits = { megabytes: 15, megapixels: 40, perProduct: 30 } as const;

/**
 * Why a variant's stock moved: the opening stock ('seed', or 'initial' for a variant added in the
 * back office), an order or its cancellation, staff, a catalogue import, or a variant retired with
 * what it had left.
 */
export const stockMovementKinds = [
  'seed',
  'initial',
  'restock',
  'order',
  'order_cancelled',
  'adjustment',
  'import',
  'retired',
  'return',
] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

export const stockMessages = {
  changeZero: 'The change must add or take away at least one unit.',
  reasonRequired: 'Say why the stock changes.',
  belowZero: (stock: number, change: number) =>
    `Only ${stock} in stock, so ${Math.abs(change)} cannot be taken away: stock never goes below 0.`,
  variantNotFound: 'Variant not found.',
  imageNotFound: 'Picture not found.',
  imageInvalid: 'Please upload an image file (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF).',
  imageMissing: 'Choose a picture to upload (the form field "file").',
  imageTooLarge: (megabytes: number, megapixels: number) =>
    `Please upload a picture of at most ${megabytes} MB and ${megapixels} megapixels.`,
  imageIncomplete: 'The picture did not arrive complete. Please try again.',
  tooManyImages: (limit: number) => `A product has at most ${limit} pictures; delete one first.`,
  orderMismatch: 'Name every picture of the product exactly once, and no others.',
  imageColorUnknown: (color: string) => `The product comes in no colour '${color}': choose one of its variants' colours, or none.`,
} as const;

/** The longest colour name a picture is tied to (a variant's colour is as long at most). */
export const imageColorMax = 40;
