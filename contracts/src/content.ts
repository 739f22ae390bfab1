import { z } from 'zod';
import { text } from './input-bounds.ts';
import { serverMessages } from './server-messages.ts';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), serverMessages.textHasNul);

/** An e-mail address a shopper types: required, trimmed, at most 254 characters. */
export const emailAddress = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Enter a valid email address')
  .pipe(z.email('Enter a valid email address'));

export const contactRequestSchema = z.object({
  name: requiredText('Name', 200),
  email: emailAddress,
  subject: requiredText('Subject', 300),
  message: requiredText('Message', 5000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const newsletterRequestSchema = z.object({
  email: emailAddress,
  first_name: text(100).trim().optional().default(''),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

/** The signed token of a newsletter e-mail's unsubscribe link: in the query (the mail client's one-click POST) or the body (the page). */
export const newsletterUnsubscribeQuerySchema = z.object({ token: text(200).optional() });
export type NewsletterUnsubscribeQuery = z.infer<typeof newsletterUnsubscribeQuerySchema>;
/** The page's JSON; a mail client's form body (RFC 8058) is not read, so it arrives as nothing. */
export const newsletterUnsubscribeRequestSchema = z.object({ token: text(200).optional() }).nullish();
export type NewsletterUnsubscribeRequest = z.infer<typeof newsletterUnsubscribeRequestSchema>;
