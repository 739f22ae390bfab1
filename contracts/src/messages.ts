/** Every user-visible message of SPEC §5 and §8, in one place for server and web. */
export const messages = {
  network: 'Network error - please check your connection and try again',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  csrfFailed: 'CSRF token missing or incorrect',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',

  productLoadFailed: 'Failed to load product details',

  cartAddFailed: 'Failed to add item to cart',
  cartAddFailedDialog: 'Failed to add to cart',
  cartChooseOption: (attribute: string) => `Please choose a ${attribute.toLowerCase()}.`,
  cartVariantUnavailable: 'That size and colour combination is not available.',
  /** Why a product page's quantity stops where it does: the chosen option's stock, less the cart's. */
  quantityLimit: (canAdd: number, inCart: number) => {
    if (inCart === 0) return `Only ${canAdd} in stock, so you can add up to ${canAdd}.`;
    if (canAdd === 0) return `You already have all ${inCart} we have in stock in your cart.`;
    return `You already have ${inCart} in your cart, so you can add up to ${canAdd} more.`;
  },
  cartUpdated: 'Cart updated',
  cartItemRemoved: 'Item removed from cart',
  cartCleared: 'Cart cleared',
  cartRestored: 'Cart restored',

  ratesFailed: 'Failed to update exchange rates',
  ratesCached: 'Using cached rates',
  ratesLive: 'Live rates',

  profileLoadFailed: 'Failed to load profile data. Please try again.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  profileUpdated: 'Profile updated successfully!',

  ordersLoadFailed: 'Failed to load orders. Please try again.',
  orderDetailsLoadFailed: 'Failed to load order details. Please try again.',

  addressesLoadFailed: 'Failed to load addresses. Please try again.',
  addressSaveFailed: 'Failed to save address. Please try again.',
  addressUpdated: 'Address updated successfully!',
  addressAdded: 'Address added successfully!',
  addressDeleteFailed: 'Failed to delete address. Please try again.',
  addressDeleteConfirm: 'Are you sure you want to delete this address?',
  addressDeleted: 'Address deleted successfully!',
  addressSetDefaultFailed: 'Failed to set default address. Please try again.',
  addressSetDefault: 'Default address updated!',

  wishlistLoadFailed: 'Failed to load wishlist. Please try again.',
  wishlistRemoveFailed: 'Failed to remove item. Please try again.',
  wishlistUpdateFailed: 'Failed to update wishlist. Please try again.',
  wishlistAddToCartFailed: 'Failed to add to cart. Please try again.',
  wishlistRemoved: 'Item removed from wishlist!',
  wishlistAddedToCart: 'Item added to cart!',

  authExpired: 'Authentication expired. Please sign in again.',
  signInFailed: 'Invalid email or password. Please try again.',
  googleSignInFailed: 'Google authentication failed. Please try again or sign in with email.',
  googleFailedDefault: 'Google authentication failed',
  googleCallbackError: (error: string) => `Google authentication error: ${error}`,
  googleNoCode: 'No authorization code received from Google',
  authenticationFailed: 'Authentication failed',

  signInRequired: 'Please sign in to continue.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  accountDisabled: 'This account has been disabled. Please ask the shop owner.',
  emailInvalid: 'Enter a valid email address',
  emailTaken: 'An account with this email already exists.',
  refreshInvalid: 'Your session has ended. Please sign in again.',
  passwordResetSent: 'If an account exists for that e-mail, we have sent a link to reset your password.',
  passwordResetInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been changed. Please sign in with your new password.',
  profilePictureInvalid: 'Please upload an image file (JPEG, PNG, WebP or GIF).',
  googleUnverifiedEmail: 'Your Google e-mail is not verified, and an account with this e-mail already exists. Sign in with your password.',
  wishlistAdded: 'Item added to wishlist!',
  signUpAllRequired: 'All fields are required',
  signUpPasswordsMismatch: 'Passwords do not match',
  signUpPasswordTooShort: 'Password must be at least 8 characters long',
  signUpFailed: 'Failed to create account. Please try again.',
  signUpSignedIn: 'Registration successful! Please sign in with your new account.',
  signUpManual: 'Registration successful, but please sign in manually',

  checkoutExistingAccount: 'An account with this email already exists. Please sign in to continue with your checkout.',
  checkoutFailed: 'Checkout failed',
  checkoutError: 'An error occurred during checkout',
  paymentAlreadyDone: 'This order has already been paid.',
  /** A paid order given back in part or whole is never paid again. */
  paymentAlreadyDoneRefunded: 'This order was paid and then refunded; it cannot be paid again.',
  paymentOrderCancelled: 'This order was cancelled because it was not paid in time.',
  /** The shopper cancelled an unpaid card order (the provider's Cancel, or Cancel & Go Home). */
  orderCancelledByShopper: 'Your payment was cancelled. Your items are back in your cart.',
  orderCancelFailed: 'Your order could not be cancelled. Please try again.',
  /** The provider's Cancel: the order still holds its items, and can be paid or given up. */
  paymentLeftUnpaid: 'You cancelled the payment, so nothing was charged. Your order is still waiting for payment.',
  orderLinkInvalid: 'This order link is not valid or has expired. Sign in to see your orders, or contact us with your order number.',
  paymentRefundedOrderCancelled: 'This order was cancelled before your payment arrived, so your payment has been refunded to your card.',
  paymentRefundedAlreadyPaid: 'This order had already been paid, so this second payment has been refunded to your card.',
  /** The built-in test card provider (no STRIPE_SECRET_KEY): said wherever a card payment is offered or confirmed. */
  testPaymentNotice: 'Test payment: no money is taken.',

  paymentOrderLoadFailed: 'Failed to load order details',
  paymentSessionFailed: 'Failed to create Stripe checkout session',
  paymentRedirectFailed: 'Failed to redirect to Stripe checkout',
  /** KINGSTON.md §1: only the methods the shop offers (GET /api/store/ payment_methods). */
  proofNotNeeded: 'Only an unpaid bank transfer order takes a proof of payment.',
  proofFileMissing: 'Send the proof of payment as a file in a multipart form field named file.',
  proofFileEmpty: 'The proof of payment file is empty.',
  proofFileTooLarge: (megabytes: number) => `A proof of payment is at most ${megabytes} MB.`,
  proofFileType: 'A proof of payment is a screenshot (PNG, JPEG or WebP) or a PDF.',
  proofsTooMany: (count: number) => `This order already has ${count} proofs of payment. Please contact the shop.`,
  proofNotFound: 'Proof of payment not found.',
} as const;

/** The one error shape every /api answer uses for a 4xx or 5xx. */
export type ApiError = { error: string; request_id?: string };
