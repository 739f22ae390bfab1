/**
 * The messages of SPEC §5 and §8 that only the server words (refusals and answers the web shows as
 * the server sent them). Apart from `messages` so that the storefront's first load does not carry them.
 */
export const serverMessages = {
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Please try again.',
  /** A number field sent something else (true, null, '', a list…), after the field's name. */
  numberExpected: 'must be a number',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 100 printable characters.',
  /** Stripe's wording for the same refusal. */
  idempotencyKeyReused: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  tooManyGuestCashOrders: 'You have placed several cash orders as a guest. Please sign in or pay by card to place another today.',
  tooManyGuestTransferOrders:
    'You have placed several bank transfer orders as a guest. Please sign in, or pay for one of them, to place another today.',
  /** A signed-in customer's cash orders waiting for delivery are capped (ADR 9). */
  tooManyUnpaidCashOrders: (count: number) =>
    `You already have ${count} cash orders waiting for delivery. Please pay by card, or place another cash order once one of them has been delivered.`,
  requestTooLarge: 'This request is too large. Please send less at once.',
  requestTimedOut: 'The request took too long to arrive. Please try again.',
  requestHeadersTooLarge: 'Request headers are too large.',
  malformedRequest: 'Bad request.',
  textHasNul: 'Text must not contain the NUL character.',
  productNotFound: 'The product you are looking for does not exist.',
  promoApplyFailed: 'Failed to apply promo code',
  promoInvalid: 'Invalid promo code',
  promoRemoveFailed: 'Failed to remove promo code',
  promoApplied: 'Promo code applied successfully!',
  promoRemoved: 'Promo code removed successfully!',
  promoRemovedDefault: 'Promo code removed',
  promoBelowMinimum: (minimum: string) => `This code needs a subtotal of at least ${minimum}.`,
  promoFirstOrderOnly: 'This code is only valid on your first order.',
  promoAlreadyUsed: 'You have already used this code.',
  promoEmptyCart: 'Add something to your cart before applying a promo code.',
  promoDropped: (code: string, reason: string) => `Promo code "${code}" was removed from your order: ${reason}`,
  cartItemNotFound: 'That item is no longer in your cart.',
  cartQuantityTooLow: 'Quantity must be at least 1.',
  cartOutOfStock: (item: string) => `Sorry, ${item} is out of stock.`,
  cartNotEnoughStock: (item: string, available: number, inCart: number) =>
    inCart > 0
      ? `Only ${available} of ${item} available, and you already have ${inCart} in your cart.`
      : `Only ${available} of ${item} available.`,
  cartItemAdded: 'Item added to cart',
  cartShareEmpty: 'Add something to your cart before sharing it.',
  sharedCartNotFound: 'This shared cart link is not valid or has expired. Ask for a new one.',
  sharedCartAdded: 'The shared items are in your cart.',
  restockAlertKept: (item: string) => `We'll e-mail you once ${item} is back in stock.`,
  restockAlertInStock: (item: string) => `${item} is in stock: add it to your cart.`,
  /** Some shared lines could not be put in the cart: sold out since, or no longer sold. */
  sharedCartPartlyAdded: (items: string) => `The shared items are in your cart, except ${items}: sold out or no longer sold.`,
  sessionExpired: 'Your session has expired. Please try again.',
  googleOneTapFailedDefault: 'Google One Tap authentication failed',
  tooManySignInAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  signedOut: 'You have been signed out.',
  profileEmailTaken: 'Another account already uses this email.',
  profilePictureTooLarge: (megabytes: number, megapixels: number) =>
    `Please upload a picture of at most ${megabytes} MB and ${megapixels} megapixels.`,
  profilePictureIncomplete: 'The picture did not arrive complete. Please try again.',
  addressNotFound: 'Address not found.',
  googleNotConfigured: 'Google sign-in is not available.',
  checkoutFieldRequired: (field: string) => `${field} is required`,
  checkoutEmptyCart: 'Your cart is empty. Add something before checking out.',
  checkoutOutOfStock: (item: string, available: number) =>
    available > 0
      ? `Sorry, only ${available} of ${item} left in stock. Please update your cart.`
      : `Sorry, ${item} has just sold out. Please remove it from your cart.`,
  orderNotFound: 'Order not found.',
  paymentNotNeeded: 'This order does not need a card payment.',
  /** KINGSTON.md §3: a shipping method the shop does not offer now. */
  shippingMethodNotOffered: (method: string) => `The shop does not offer ${method} now. Please choose another way to get your order.`,
  /** KINGSTON.md §3: a Knutsford Express or post-office order names where it is collected. */
  pickupPointRequired: 'pickup point is required',
  pickupPointUnknown: (method: string, code: string) =>
    `No ${method} pickup point has the code "${code}". Please choose one from the list.`,
  /** KINGSTON.md §3: a delivery in Jamaica goes to one of the 14 parishes. */
  parishUnknown: 'parish must be one of the 14 parishes of Jamaica',
  paymentMethodNotOffered: (method: string) => `The shop does not take payment by ${method}. Please choose another payment method.`,
  powertranzStartFailed: 'Failed to open the PowerTranz payment page',
  orderNotCancellable: 'Only an unpaid card order can be cancelled.',
  orderAlreadyCancelled: 'This order has already been cancelled.',
  paymentSessionUnknown: 'This payment session does not belong to your order.',
  paymentMismatch: 'The payment does not match the order. Please contact us.',
  paymentRefundFailed: 'This order no longer takes a payment, and yours could not be refunded automatically. Please contact us.',
} as const;
