// Returns' words and rules (KINGSTON.md §7), apart from their schemas so that a page showing them loads no zod.

/**
 * Why a customer sends something back. KINGSTON.md names none, so the shop's list is this one: the
 * fit (the commonest reason for clothes), the item not matching its page or arriving damaged, the
 * wrong item sent, a change of mind, and anything else (the note says what).
 */
export const returnReasons = ['too_small', 'too_large', 'not_as_described', 'damaged', 'wrong_item', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** The money back, or the same item in another size or colour. */
export const returnResolutions = ['refund', 'exchange'] as const;
export type ReturnResolution = (typeof returnResolutions)[number];

/** KINGSTON.md §7: requested → approved|rejected, approved → received → refunded|exchanged. */
export const returnStatuses = ['requested', 'approved', 'rejected', 'received', 'refunded', 'exchanged'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** The statuses staff set through POST /api/admin/returns/{id}/status/; refunded and exchanged come from their own calls. */
export const returnStatusChanges = ['approved', 'rejected', 'received'] as const;
export type ReturnStatusChange = (typeof returnStatusChanges)[number];

/** Where a return may move through the status call. */
export const returnTransitions: Record<ReturnStatus, readonly ReturnStatusChange[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: [],
  refunded: [],
  exchanged: [],
};

/** A return still holds its units against the order's lines until it is rejected. */
export const closedReturnStatuses = ['rejected'] as const satisfies readonly ReturnStatus[];

export const returnLimits = {
  /** SPEC.md's return policy: 14 days from delivery. */
  windowDays: 14,
  /** Lines of one request (an order has no more lines than this in practice). */
  items: 50,
  noteLength: 1000,
  staffNoteLength: 500,
} as const;

/** The last moment a delivered order can be asked back: `returnLimits.windowDays` after its delivery. */
export const returnWindowEnds = (deliveredAt: string | Date): Date =>
  new Date(new Date(deliveredAt).getTime() + returnLimits.windowDays * 24 * 60 * 60 * 1000);

export const returnReasonWords: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  not_as_described: 'Not as described',
  damaged: 'Arrived damaged',
  wrong_item: 'Wrong item sent',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

export const returnStatusWords: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Not accepted',
  received: 'Received',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
};

export const returnResolutionWords: Record<ReturnResolution, string> = {
  refund: 'Money back',
  exchange: 'Exchange for another size or colour',
};

export const returnMessages = {
  notFound: 'Return not found.',
  notDelivered: 'An order can be returned once it has been delivered.',
  windowClosed: `Returns are accepted within ${returnLimits.windowDays} days of delivery.`,
  itemNotInOrder: 'That item is not part of this order.',
  tooMany: (productName: string, left: number) =>
    left === 0 ? `${productName} has already been returned in full.` : `Only ${left} of ${productName} can still be returned.`,
  itemTwice: 'Name each item of the order once.',
  exchangeNeeded: 'Say which size or colour you would like instead.',
  exchangeNotReturned: 'An exchange replaces an item you are returning.',
  exchangeOnlyForExchange: 'Replacements are only for an exchange.',
  variantNotFound: 'That size and colour is not sold for this item.',
  variantOutOfStock: 'That size and colour is out of stock right now.',
  illegalTransition: (from: ReturnStatus, to: string) =>
    `A return that is ${returnStatusWords[from].toLowerCase()} cannot be moved to ${to}.`,
  restockOnlyWhenReceived: 'Units are put back in stock when the return is received.',
  restockTooMany: 'No more units can be put back in stock than were returned.',
  restockItemNotInReturn: 'That item is not part of this return.',
  refundOnlyReceivedRefund: 'Only a received return asking for money back can be refunded.',
  exchangeOnlyReceivedExchange: 'Only a received return asking for an exchange can be exchanged.',
  refundTooMuch: (amount: string) => `At most ${amount} can be refunded.`,
  orderRestockTooMany: (productName: string, left: number) => `At most ${left} of ${productName} can be put back in stock.`,
} as const;
