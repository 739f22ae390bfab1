import { z } from 'zod';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const emailAddress = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
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
  first_name: z.string().trim().max(100).optional().default(''),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const contentMessages = {
  contactSent: "Thank you! Your message has been sent. We'll get back to you within one business day.",
  contactFailed: 'Your message could not be sent. Please try again.',
  subscribed: "You're subscribed! Watch your inbox for new drops and offers.",
  alreadySubscribed: "You're already subscribed. Thanks for staying with us!",
  subscribeFailed: 'Subscription failed. Please try again.',
} as const;
