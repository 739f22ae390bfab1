import type { StoreContact } from './admin-settings.ts';

/**
 * What the shop is, as built: its brand and legal names, the chat app and card provider it works
 * with, its social accounts. Where the store is and how to reach it (address, phone, e-mail, chat
 * number, hours, directions) are the owner's settings (`StoreContact`), read where they are shown.
 */
export const storeDetails = {
  name: 'Threadline',
  legalName: 'Threadline Clothing & Merchandise Ltd.',
  /** The chat app the chat number is on (the shop's messages go through its API). */
  chat: { label: 'WhatsApp' },
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/threadline.shop' },
    { name: 'Facebook', href: 'https://www.facebook.com/threadline.shop' },
    { name: 'TikTok', href: 'https://www.tiktok.com/@threadline.shop' },
  ],
  cardProvider: 'Stripe',
  builderCredit: 'Site by Threadline Studio',
} as const;

/** A phone number as a `tel:` link: its digits, with the leading + kept. */
export const phoneHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** A chat-app number as the app's link (WhatsApp's click-to-chat takes the digits alone). */
export const chatHref = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

/** The store's address on one line: street, town, the parish when it is not the town's name, country. */
export const postalAddress = ({ street, city, parish, country }: Pick<StoreContact, 'street' | 'city' | 'parish' | 'country'>) =>
  [street, city, ...(parish.trim().toLowerCase() === city.trim().toLowerCase() ? [] : [parish]), country].join(', ');
