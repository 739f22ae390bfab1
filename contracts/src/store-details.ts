/** The store's own details: the one place pages, e-mails and legal texts take them from. */
export const storeDetails = {
  name: 'Threadline',
  legalName: 'Threadline Clothing & Merchandise Ltd.',
  tagline: 'Streetwear, sneakers and everyday essentials from Kingston, Jamaica.',
  address: {
    street: '24 King Street',
    city: 'Kingston',
    parish: 'Kingston',
    country: 'Jamaica',
  },
  email: 'hello@threadline.shop',
  phone: '+1 (876) 555-0142',
  phoneHref: 'tel:+18765550142',
  chat: { label: 'WhatsApp', number: '+1 (876) 555-0142', href: 'https://wa.me/18765550142' },
  hours: [
    { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM' },
    { days: 'Saturday', hours: '10:00 AM-4:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  gettingHere: [
    'Free street parking',
    'Bus routes 72, 76 and 83',
    "5 minutes' walk from the downtown shopping district",
  ],
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
