/**
 * What the back office's calls answer and its pages say. Kept apart from `messages`, which every
 * storefront page loads with its first script: shoppers never download the back office's words.
 */
export const adminMessages = {
  staffOnly: 'This area is for the shop staff only.',
  ownerOnly: 'Only the shop owner can do this.',
  secondFactorRequired: 'Enter the 6-digit code from your authenticator app to continue.',
  secondFactorCompulsory: 'This shop requires a second factor for the back office. Set one up on the Security page first.',
  secondFactorWrongCode: 'That code is not right, or was already used. Enter the newest code from your authenticator app.',
  secondFactorAlreadyOn: 'The second factor is already on. Turn it off first to set it up again.',
  secondFactorNotStarted: 'Start the set-up first: scan the QR code, then enter a code.',
  secondFactorNotOn: 'The second factor is not on for this account.',
  ownSecondFactorReset: 'Turn your own second factor off on the Security page, with a code from your app.',
  secondFactorUnreadable:
    "This account's second factor can no longer be read (the shop's secret key changed). Ask another owner to reset it on the Staff page.",
  tooManySecondFactorAttempts: 'Too many codes tried. Please wait 15 minutes and try again.',
  staffNotFound: 'No staff account has this id.',
  staffAlreadyExists: 'This account is already on the staff.',
  staffPasswordRequired: 'Choose a password (at least 8 characters) for the new account.',
  lastActiveOwner: 'The shop needs at least one active owner. Make another account owner first.',
  orderTransitionRefused: (from: string, to: string) => `An order that is ${from} cannot be moved to ${to}.`,
  orderChangedMeanwhile: 'This order was changed by someone else meanwhile. Reload it and try again.',
  trackingNumberRequired: 'A shipped order needs its tracking number.',
  /** KINGSTON.md §3: a collected order is never shipped. */
  pickupNotShipped: 'A pickup order is not shipped: mark it ready for pickup, then delivered when the customer collects it.',
  markPaidCashOnly:
    'Only a cash-on-delivery or bank transfer order is marked paid by hand; card orders are paid through the card provider.',
  /** KINGSTON.md §1: a card method is offered only once the server is configured for it. */
  paymentMethodNotConfigured: (method: string) => `${method} is not set up on this shop yet, so it cannot be offered.`,
  /** An open order's pickup point is kept: removed (or its code or kind changed), the order would point at nothing. */
  pickupPointInUse: (name: string, openOrders: number) =>
    openOrders === 1
      ? `${name} is used by 1 open order: keep it until it is collected or cancelled.`
      : `${name} is used by ${openOrders} open orders: keep it until they are collected or cancelled.`,
  markPaidAlreadyPaid: 'This order is already paid.',
  markPaidCancelled: 'A cancelled order cannot be marked paid.',
  refundNothingPaid: 'Nothing was paid on this order, so there is nothing to refund.',
  refundTooLarge: (left: string) => `A refund cannot be more than what is left of the payment (${left}).`,
  refundNoCardPayment: 'This card order has no completed card payment to refund.',
  refundRefused: (reason: string) => `The card provider refused the refund: ${reason}`,
  cancelRefundRefused: (reason: string) =>
    `The order is cancelled and its stock is back, but the card provider refused the refund: ${reason} Try the refund again from this page.`,
  refundUnanswered:
    'The card provider did not answer, so the refund is waiting for it. The shop asks it again within a few minutes; nothing is refunded twice.',
  cancelRefundUnanswered:
    'The order is cancelled and its stock is back, but the card provider did not answer, so the refund is waiting for it. The shop asks it again within a few minutes; nothing is refunded twice.',
} as const;
