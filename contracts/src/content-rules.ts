// The contact and newsletter texts, apart from their schemas so that a page showing them loads no zod.

export const contentMessages = {
  contactSent: "Thank you! Your message has been sent. We'll get back to you within one business day.",
  contactFailed: 'Your message could not be sent. Please try again.',
  subscribed: "You're subscribed! Watch your inbox for new drops and offers.",
  alreadySubscribed: "You're already subscribed. Thanks for staying with us!",
  subscribeFailed: 'Subscription failed. Please try again.',
  unsubscribed: 'You have been unsubscribed. You will get no more newsletter e-mails from us.',
  unsubscribeLinkInvalid:
    'This unsubscribe link is not valid. Use the link in our latest newsletter e-mail, or contact us and we will take you off the list.',
  unsubscribeFailed: 'We could not unsubscribe you just now. Please try again.',
} as const;
