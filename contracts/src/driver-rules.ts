// The driver's day's constants (KINGSTON.md §3), apart from its schemas so that a page using them loads no zod.

/** The driver's day (KINGSTON.md §3): what the run sheet and the one-step delivered call say to staff. */
export const deliveryMessages = {
  dateInvalid: 'Give the day as YYYY-MM-DD, a real date.',
  receivedByRequired: 'Say who received the parcel.',
  receivedByTooLong: (max: number) => `Who received the parcel is at most ${max} characters.`,
  cashCollectedInvalid: 'Cash collected is true or false.',
  photoInvalid: 'The photo must be a picture (JPEG, PNG, WebP, HEIF…).',
  photoTooLarge: (megabytes: number, megapixels: number) => `The photo is too large: at most ${megabytes} MB and ${megapixels} megapixels.`,
  formIncomplete: 'The form arrived cut off; send it again.',
  notDelivery: "Only an order for the shop's driver is marked delivered here.",
  alreadyDelivered: 'This order was already delivered.',
  cancelled: 'A cancelled order cannot be delivered.',
  notReady: (status: string) => `This order is ${status}: start processing it before it goes out with the driver.`,
  noCashDue: 'No cash is due on this order (it is paid, or not a cash-on-delivery order): untick Cash collected.',
  photoNotFound: 'This order has no delivery photo.',
} as const;

/** `received_by` is at most this long (its column). */
export const receivedByMaxLength = 100;
